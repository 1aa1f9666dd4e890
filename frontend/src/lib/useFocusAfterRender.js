// Focus that must land on an element the next render creates or enables (a Try Again that
// replaces Pay, a Pay Now re-enabled after Razorpay's window closed): the returned function
// takes a callback that focuses, and runs it once React has committed that render.
import { useCallback, useEffect, useState } from 'react';

export function useFocusAfterRender() {
  const [request, setRequest] = useState(null);
  useEffect(() => {
    request?.focus();
  }, [request]);
  return useCallback((focus) => setRequest({ focus }), []);
}

// Tries each node until one takes focus: a copy hidden at this screen width refuses it.
export function focusFirstVisible(nodes) {
  for (const node of nodes) {
    node?.focus();
    if (node && document.activeElement === node) return;
  }
}
