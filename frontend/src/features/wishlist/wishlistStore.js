// What a signed-in shopper's hearts do, fetched with the first of them (a chunk of its
// own: a guest's first visit never carries it): read the list, and save or remove one
// product, on screen at once and then on the server; a refusal puts it back and says why.
// `setState` is the provider's, holding {session, items}.
import { errorMessage } from '../../lib/apiClient';
import toast from '../../lib/toast';
import { addToWishlist, getWishlist, removeFromWishlist } from './api';

export const SAVED = 'Saved to your wishlist';
export const REMOVED = 'Removed from your wishlist';

export function load(session, setState) {
  const keep = (items) => setState({ session, items });
  return getWishlist().then(
    ({ data }) => keep(Array.isArray(data) ? data : []),
    (error) => {
      console.error('wishlist could not be loaded', error);
      keep([]);
    },
  );
}

// `items`: the list as shown when the heart was pressed.
export function toggle(session, items, product, setState) {
  const id = product._id;
  const saved = items.some((p) => p._id === id);
  const without = (list) => list.filter((p) => p._id !== id);
  setState({ session, items: saved ? without(items) : [...items, product] });
  return (saved ? removeFromWishlist(id) : addToWishlist(id))
    .then(() => toast.success(saved ? REMOVED : SAVED))
    .catch((error) => {
      setState((current) => ({
        ...current,
        items: saved ? [...(current.items ?? []), product] : without(current.items ?? []),
      }));
      toast.error(errorMessage(error) ?? 'Something went wrong');
    });
}
