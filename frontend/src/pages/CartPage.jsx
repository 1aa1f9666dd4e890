// The cart (spec section 2): greeting, item count, items with Remove and a 50-character
// preview, the total in rupees and the address block. Guests are sent to /login, which
// brings them back here (navigation state `from`).
import { Link, useNavigate } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { formatPrice, preview } from '../lib/format';
import { paths } from '../config/paths';
import { MESSAGES } from '../constants/messages';
import { useAuth } from '../features/auth/AuthContext';
import UpdateAddressButton from '../features/auth/UpdateAddressButton';
import { useCart } from '../features/cart/CartContext';
import { cartTotal } from '../features/cart/cartLogic';
import { CART_PREVIEW_LENGTH, greetingName, itemCountMessage } from '../features/cart/cartSummary';
import ProductImage from '../components/ProductImage';

export default function CartPage() {
  usePageMeta({ title: 'Cart - ShopSphere' });
  const { auth } = useAuth();
  const { cart, remove } = useCart();
  const navigate = useNavigate();
  const user = auth.token ? auth.user : null;

  return (
    <div className="container py-4">
      <h1 className="h2 text-center mb-1">Hello {greetingName(user)}</h1>
      <p className="text-center fs-5 mb-4">{itemCountMessage(cart.length, Boolean(user))}</p>
      <div className="row g-4">
        <section className="col-lg-7" aria-label="Items in your cart">
          {cart.length === 0 && (
            <div className="text-center py-4">
              <Link className="btn btn-primary" to={paths.home}>
                Continue shopping
              </Link>
            </div>
          )}
          <ul className="list-unstyled">
            {cart.map((item, index) => (
              <li key={`${item._id}-${index}`} className="card mb-3 shadow-sm">
                <div className="row g-0 align-items-center">
                  <div className="col-4">
                    <ProductImage
                      product={item}
                      className="cart-item-img rounded-start"
                      width={200}
                      height={140}
                      lazy={index >= 3}
                      sizes="12rem"
                    />
                  </div>
                  <div className="col-8">
                    <div className="card-body">
                      <h2 className="h5 card-title mb-1">{item.name}</h2>
                      <p className="card-text mb-1 text-body-secondary">
                        {preview(item.description, CART_PREVIEW_LENGTH)}
                      </p>
                      <p className="card-text fw-bold mb-2">Price : {formatPrice(item.price)}</p>
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        onClick={() => remove(item._id)}
                        aria-label={`Remove: ${item.name}`}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section className="col-lg-5" aria-labelledby="cart-summary">
          <div className="card shadow-sm text-center">
            <div className="card-body">
              <h2 id="cart-summary" className="h4">
                Cart Summary
              </h2>
              <p className="text-body-secondary mb-2">Total | Checkout | Payment</p>
              <hr />
              <p className="h4" data-testid="cart-total">
                Total : {formatPrice(cartTotal(cart))}
              </p>
              <div className="mt-3">
                {user ? (
                  <>
                    {user.address ? (
                      <>
                        <h3 className="h5">Current Address</h3>
                        <p className="mb-2">{user.address}</p>
                      </>
                    ) : null}
                    <UpdateAddressButton />
                  </>
                ) : (
                  <>
                    <p className="mb-2">{MESSAGES.loginToCheckout}</p>
                    <button
                      type="button"
                      className="btn btn-warning"
                      onClick={() => navigate(paths.login, { state: { from: paths.cart } })}
                    >
                      Please login to checkout
                    </button>
                  </>
                )}
              </div>
            </div>
          </div>
        </section>
      </div>
    </div>
  );
}
