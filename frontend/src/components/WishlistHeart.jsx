// The heart that saves a product to the signed-in shopper's wishlist (cards and the product
// page). Its state comes from the wishlist feature's provider through WishlistContext (one
// list per session, asked for when the first heart of a signed-in shopper shows); without
// a provider there is no heart. A guest's click goes to login, which comes back here.
import { createContext, useContext, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';

// {signedIn, ready, has(id), load(), toggle(product)}: features/wishlist/WishlistProvider.
export const WishlistContext = createContext(null);

export default function WishlistHeart({ product, name, className = '' }) {
  const wishlist = useContext(WishlistContext);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const signedIn = wishlist?.signedIn;
  const load = wishlist?.load;
  useEffect(() => {
    if (signedIn) load();
  }, [signedIn, load]);
  if (!wishlist) return null;
  const saved = wishlist.has(product._id);
  const label = saved ? 'Remove from wishlist' : 'Save to wishlist';
  return (
    <button
      type="button"
      className={`btn wishlist-heart ${className}`}
      aria-pressed={saved}
      aria-label={name ? `${label}: ${name}` : label}
      disabled={signedIn && !wishlist.ready}
      onClick={() =>
        signedIn
          ? wishlist.toggle(product)
          : navigate(paths.login, { state: { from: pathname + search } })
      }
    >
      <span aria-hidden="true">{saved ? '♥' : '♡'}</span>
    </button>
  );
}
