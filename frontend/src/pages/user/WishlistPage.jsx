// /dashboard/user/wishlist: the products the shopper saved with a heart, each with its
// price and stock, Remove, and Add to Cart while it is in stock (Choose options, its page,
// for a product sold in variants). The list is read again on opening, so prices and stock
// are current; the hearts elsewhere share it (features/wishlist).
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { formatPrice } from '../../lib/format';
import { isSoldOut } from '../../lib/stock';
import { hasPriceRange, needsChoice, priceRange } from '../../lib/variants';
import { usePageMeta } from '../../lib/usePageMeta';
import ProductImage from '../../components/ProductImage';
import StockBadge from '../../components/StockBadge';
import { ADD_LABEL } from '../../components/ProductCard';
import UserShell from '../../features/auth/UserShell';
import { useCart } from '../../features/cart/CartContext';
import { useWishlist } from '../../features/wishlist/WishlistProvider';

const priceOf = (product) =>
  hasPriceRange(product)
    ? MESSAGES.fromPrice(formatPrice(priceRange(product).min))
    : formatPrice(product.price);

export default function WishlistPage() {
  usePageMeta({ title: 'Your Wishlist - ShopSphere' });
  const wishlist = useWishlist();
  const { add } = useCart();
  const load = wishlist?.load;
  useEffect(() => load?.(true), [load]);
  const items = wishlist?.items ?? [];

  return (
    <UserShell>
      <h1 className="h2 text-center">Wishlist</h1>
      {!wishlist?.ready ? (
        <p role="status">Loading ...</p>
      ) : items.length === 0 ? (
        <p className="text-center">
          Your wishlist is empty. Tap the heart on a product to save it here.{' '}
          <Link to={paths.home}>Continue Shopping</Link>
        </p>
      ) : (
        <ul className="list-unstyled">
          {items.map((product) => (
            <li
              key={product._id}
              className="d-flex flex-wrap gap-3 align-items-center border-bottom py-3"
              data-testid={`wish-${product._id}`}
            >
              <ProductImage product={product} width={96} height={96} sizes="6rem" alt="" lazy />
              <div className="flex-grow-1">
                <h2 className="h6 mb-1">
                  <Link to={paths.product(product.slug)}>{product.name}</Link>
                </h2>
                <p className="mb-1 fw-bold text-success">{priceOf(product)}</p>
                <StockBadge product={product} />
              </div>
              <div className="d-flex gap-2">
                {isSoldOut(product) ? null : needsChoice(product) ? (
                  <Link
                    className="btn btn-dark btn-sm"
                    to={paths.product(product.slug)}
                    aria-label={`${MESSAGES.chooseOptionsLink}: ${product.name}`}
                  >
                    {MESSAGES.chooseOptionsLink}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="btn btn-dark btn-sm"
                    onClick={() => add(product)}
                    aria-label={`${ADD_LABEL}: ${product.name}`}
                  >
                    {ADD_LABEL}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  onClick={() => wishlist.toggle(product)}
                  aria-label={`Remove from wishlist: ${product.name}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </UserShell>
  );
}
