// The signed-in shopper's wishlist, shared by every heart (components/WishlistHeart) and
// the wishlist page: asked for once per session, when something first needs it (a guest
// never asks, so the first visit makes no call). What the hearts do is in
// wishlistStore.js, fetched with the first signed-in heart, so the first bundle carries
// only this state.
import { useCallback, useContext, useMemo, useRef, useState } from 'react';
import { WishlistContext } from '../../components/WishlistHeart';

const store = () => import(/* webpackChunkName: "wishlist" */ './wishlistStore');

// The shared wishlist ({signedIn, ready, items, has, load, toggle}), null without the provider.
export const useWishlist = () => useContext(WishlistContext);

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
      store().then((m) => m.load(session, setState), console.error);
    },
    [session],
  );

  const toggle = useCallback(
    (product) => store().then((m) => m.toggle(session, items ?? [], product, setState)),
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
