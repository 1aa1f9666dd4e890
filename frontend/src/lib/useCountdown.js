// The time now, for a countdown to `ends` (milliseconds, or null for none): the component
// renders again each time what a countdown shows may change (each whole minute of what is
// left) and at the end; END_GRACE_MS later `onEnd` is called, once (the server's clock
// decides when a sale is over, and a moment's grace lets a clock a little ahead of it ask
// after the end). A countdown already over when it starts calls nothing, so an answer that
// still carries an ended sale cannot make a page load it again and again.
import { useEffect, useRef, useState } from 'react';
import { nextTick } from './saleCountdown';

export const END_GRACE_MS = 2000;

export function useCountdown(ends, onEnd) {
  const [now, setNow] = useState(() => Date.now());
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });
  useEffect(() => {
    if (ends === null || ends === undefined) return undefined;
    let timer;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      if (at >= ends) {
        timer = setTimeout(() => onEndRef.current?.(), END_GRACE_MS);
        return;
      }
      timer = setTimeout(tick, nextTick(ends, at));
    };
    // A new end (another product, the same one loaded again): counted from now.
    const start = Date.now();
    setNow(start);
    if (ends > start) timer = setTimeout(tick, nextTick(ends, start));
    return () => clearTimeout(timer);
  }, [ends]);
  return now;
}
