import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

// Where each screen (pathname) was left, for this tab's life.
const positions = new Map();
// A screen whose content is still arriving (its chunk, its data) cannot be scrolled that
// far yet: the position is tried again on the next frames for this long.
const RETRY_MS = 1000;

// A new screen starts at its top; coming back to a screen (Back, or a link to it) finds the
// place it was left; a change of the query alone (filters, Load More) keeps the place.
// What react-router's ScrollRestoration did with `getKey={(l) => l.pathname}`, without
// needing its data router (that router was 17 KB of the first visit's script).
export function useScrollPerScreen() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useLayoutEffect(() => {
    const remember = () => positions.set(shown.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    if (shown.current === pathname) return undefined;
    shown.current = pathname;
    const target = positions.get(pathname) ?? 0;
    window.scrollTo(0, target);
    if (!target) return undefined;
    const until = Date.now() + RETRY_MS;
    let frame = 0;
    const retry = () => {
      if (Math.abs(window.scrollY - target) < 1 || Date.now() > until) return;
      window.scrollTo(0, target);
      frame = requestAnimationFrame(retry);
    };
    frame = requestAnimationFrame(retry);
    // The shopper scrolling on their own wins.
    const stop = () => cancelAnimationFrame(frame);
    const events = ['wheel', 'touchstart', 'keydown'];
    events.forEach((name) => window.addEventListener(name, stop, { passive: true, once: true }));
    return () => {
      stop();
      events.forEach((name) => window.removeEventListener(name, stop));
    };
  }, [pathname]);
}
