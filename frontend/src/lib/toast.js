// react-hot-toast with identical messages collapsed: a toast of text has that text as its
// id, so showing it again while it is on screen (an effect run twice, a screen and the
// session both saying a session ended) refreshes the one toast (and restarts its timer)
// instead of stacking a copy ("Item Added to Cart" x 5). A caller's own `id` wins.
// Everything else is react-hot-toast's own API.
import toast from 'react-hot-toast';

const keyed = (show) => (message, options) =>
  show(message, typeof message === 'string' ? { id: message, ...options } : options);

const collapsing = Object.assign(keyed(toast), toast, {
  success: keyed(toast.success),
  error: keyed(toast.error),
});

export default collapsing;
