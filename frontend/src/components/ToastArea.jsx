// The toasts of spec section 8, and what a screen reader hears of them.
//
// react-hot-toast puts each toast in a live region of its own that arrives already filled;
// screen readers often say nothing for a live region inserted with its text. So the toasts
// themselves are silent (role status, aria-live off) and one live region that is always in
// the page says each new toast once: a repeated message ("Item Added to Cart" twice) is
// said again, a loading toast turned into its result says the result, and a toast leaving
// never brings back an older one.
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import toast, { resolveValue, Toaster, ToastBar, useToasterStore } from 'react-hot-toast';
import { MESSAGES, TOAST_OPTIONS } from '../constants/messages';

const SILENT = { role: 'status', 'aria-live': 'off' };

function newestOf(toasts) {
  return toasts.reduce(
    (newest, t) => (!newest || t.createdAt > newest.createdAt ? t : newest),
    null,
  );
}

// A toast shown again under the same id (lib/toast.js collapses identical messages into one)
// gets a new createdAt: it counts as new, so it is said again.
const keyOf = (t) => `${t.id}@${t.createdAt}`;

// The toasts said so far (keys), at most as many as react-hot-toast keeps (20).
const REMEMBERED = 20;

function ToastAnnouncer() {
  const { toasts } = useToasterStore(TOAST_OPTIONS.toastOptions);
  const [said, setSaid] = useState({ id: null, key: null, message: null, keys: [] });
  const newest = newestOf(toasts.filter((t) => t.visible));
  // A toast with buttons (Remove's Undo) renders markup, new on every render: it gives the
  // words to say as its `announce` option, so the comparison below stays stable.
  const resolved = newest ? resolveValue(newest.message, newest) : null;
  const message = typeof resolved === 'string' ? resolved : (newest?.announce ?? null);
  const key = newest ? keyOf(newest) : null;
  const isNew =
    newest &&
    message &&
    (newest.id === said.id
      ? message !== said.message || key !== said.key
      : !said.keys.includes(key));
  // Adjusting state while rendering (React's documented pattern for derived state).
  if (isNew) {
    const keys = [...said.keys.filter((k) => k !== key), key].slice(-REMEMBERED);
    setSaid({ id: newest.id, key, message, keys });
  }
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-toast-announcer="">
      {said.key ? <p key={`${said.key}:${said.message}`}>{said.message}</p> : null}
    </div>
  );
}

// Error toasts that may follow the shopper to the next screen: only the one that explains
// why they were sent there (a session that ended; lib/toast.js ids a toast by its text).
const FOLLOWS = new Set([MESSAGES.sessionExpired]);

// An error belongs to the screen it was raised on: moving to another screen dismisses the
// errors shown before the move (successes, such as "Logout Successfully" on the way to
// /login, stay). Must be rendered inside the router.
export function DismissErrorsOnNavigation() {
  const { pathname } = useLocation();
  const { toasts } = useToasterStore();
  const shown = useRef(pathname);
  const errors = useRef([]);
  useEffect(() => {
    if (shown.current !== pathname) {
      shown.current = pathname;
      errors.current.forEach((id) => toast.dismiss(id));
    }
    errors.current = toasts
      .filter((t) => t.type === 'error' && t.visible && !FOLLOWS.has(t.id))
      .map((t) => t.id);
  }, [pathname, toasts]);
  return null;
}

export default function ToastArea() {
  return (
    <>
      <Toaster {...TOAST_OPTIONS}>
        {(t) => <ToastBar toast={{ ...t, ariaProps: SILENT }} />}
      </Toaster>
      <ToastAnnouncer />
    </>
  );
}
