// react-hot-toast with identical messages collapsed: a success or error toast is given an
// id made of its type and text, so showing it again while it is on screen refreshes the one
// toast (and restarts its timer) instead of stacking a copy ("Item Added to Cart" x 5).
// A caller's own `id` wins. Everything else is react-hot-toast's own API.
import toast from 'react-hot-toast';

const keyed = (show, type) => (message, options) =>
  show(message, typeof message === 'string' ? { id: `${type}:${message}`, ...options } : options);

const collapsing = Object.assign(keyed(toast, 'blank'), toast, {
  success: keyed(toast.success, 'success'),
  error: keyed(toast.error, 'error'),
});

export default collapsing;
