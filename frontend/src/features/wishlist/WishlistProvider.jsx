// The signed-in shopper's wishlist, shared by every heart (components/WishlistHeart) and
// the wishlist page: asked for once per session, when something first needs it (a guest
// never asks, so the first visit makes no call). A heart's click changes the list at once
// and the server after; a refusal puts it back and says why.
import { useCallback, useContext, useMemo, useRef, useState } from 'react';
import { WishlistContext } from '../../components/WishlistHeart';
import { errorMessage } from '../../lib/apiClient';
import toast from '../../lib/toast';
import { addToWishlist, getWishlist, removeFromWishlist } from './api';

// The shared wishlist ({signedIn, ready, items, has, load, toggle}), null without the provider.
export const useWishlist = () => useContext(WishlistContext);

export const SAVED = 'Saved to your wishlist';
export const REMOVED = 'Removed from your wishlist';

export function WishlistProvider({ session, children }) {
  // The products saved, for the session they were read for (null: not read yet).
  const [state, setState] = useState({ session: null, items: null });
  const asked = useRef(null);
  const items = session && state.session === session ? state.items : null;

  // Asks once per session; `again` reads it anew (the wishlist page: prices and stock).
  const load = useCallback(
    (again) => {
      if (!session || (asked.current === session && !again)) return;
      asked.current = session;
      const keep = (list) => setState({ session, items: list });
      getWishlist()
        .then(({ data }) => keep(Array.isArray(data) ? data : []))
        .catch((error) => {
          console.error('wishlist could not be loaded', error);
          keep([]);
        });
    },
    [session],
  );

  const toggle = useCallback(
    (product) => {
      const id = product._id;
      const saved = (items ?? []).some((p) => p._id === id);
      const flip = (list) => (saved ? [...list, product] : list.filter((p) => p._id !== id));
      setState({
        session,
        items: saved ? items.filter((p) => p._id !== id) : [...(items ?? []), product],
      });
      (saved ? removeFromWishlist(id) : addToWishlist(id))
        .then(() => toast.success(saved ? REMOVED : SAVED))
        .catch((error) => {
          setState((current) => ({ ...current, items: flip(current.items ?? []) }));
          toast.error(errorMessage(error) ?? 'Something went wrong');
        });
    },
    [session, items],
  );

  const value = useMemo(
    () => ({
      signedIn: Boolean(session),
      ready: items !== null,
      items: items ?? [],
      has: (id) => (items ?? []).some((p) => p._id === id),
      load,
      toggle,
    }),
    [session, items, load, toggle],
  );
  return <WishlistContext.Provider value={value}>{children}</WishlistContext.Provider>;
}
