// The toasts of spec section 8, and what a screen reader hears of them.
//
// react-hot-toast puts each toast in a live region of its own that arrives already filled;
// screen readers often say nothing for a live region inserted with its text. So the toasts
// themselves are silent (role status, aria-live off) and one live region that is always in
// the page says each new toast once: a repeated message ("Item Added to Cart" twice) is
// said again, a loading toast turned into its result says the result, and a toast leaving
// never brings back an older one.
import { useEffect, useState } from 'react';
import { resolveValue, Toaster, ToastBar, useToasterStore } from 'react-hot-toast';
import { TOAST_OPTIONS } from '../constants/messages';

const SILENT = { role: 'status', 'aria-live': 'off' };

function newestOf(toasts) {
  return toasts.reduce(
    (newest, t) => (!newest || t.createdAt > newest.createdAt ? t : newest),
    null,
  );
}

// The toasts said so far (ids), at most as many as react-hot-toast keeps (20).
const REMEMBERED = 20;

function ToastAnnouncer() {
  const { toasts } = useToasterStore(TOAST_OPTIONS.toastOptions);
  const [said, setSaid] = useState({ id: null, message: null, ids: [] });
  const newest = newestOf(toasts.filter((t) => t.visible));
  const message = newest ? resolveValue(newest.message, newest) : null;
  const isNew =
    newest &&
    message &&
    (newest.id === said.id ? message !== said.message : !said.ids.includes(newest.id));
  // Adjusting state while rendering (React's documented pattern for derived state).
  if (isNew) {
    const ids = [...said.ids.filter((id) => id !== newest.id), newest.id].slice(-REMEMBERED);
    setSaid({ id: newest.id, message, ids });
  }
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-toast-announcer="">
      {said.id ? <p key={said.ids.length + said.id}>{said.message}</p> : null}
    </div>
  );
}

const GAP = 8;

// Toasts start GAP px below the element `below` points at (the navbar), whatever its
// height: on a phone the open menu makes the bar several times taller, and a toast must
// not cover its links. Without the element (or ResizeObserver) the default top stands.
export function useTopBelow(below, fallback = TOAST_OPTIONS.containerStyle.top) {
  const [top, setTop] = useState(fallback);
  useEffect(() => {
    const element = below?.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      const height = element.offsetHeight;
      setTop(height ? height + GAP : fallback);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [below, fallback]);
  return top;
}

export default function ToastArea({ below }) {
  const top = useTopBelow(below);
  return (
    <>
      <Toaster {...TOAST_OPTIONS} containerStyle={{ ...TOAST_OPTIONS.containerStyle, top }}>
        {(t) => <ToastBar toast={{ ...t, ariaProps: SILENT }} />}
      </Toaster>
      <ToastAnnouncer />
    </>
  );
}
