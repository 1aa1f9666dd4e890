// The cart (spec section 2): greeting, item count, the cart's lines (features/cart), and
// the checkout (features/checkout) composed with what the other features own: the
// signed-in shopper and their addresses (auth), the shop's delivery rule and payment
// methods (shop), the Razorpay window and the orders calls (orders). Guests are sent to
// /login, which brings them back here (navigation `from`), or register from here or from
// login and come back signed in.
import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { MESSAGES } from '../constants/messages';
import UpdateAddressButton from '../components/UpdateAddressButton';
import { useAuth } from '../features/auth/AuthContext';
import AddressChooser from '../features/auth/AddressChooser';
import { useAddressChoice } from '../features/auth/useAddressChoice';
import { useShopInfo } from '../features/shop/useShopInfo';
import { deliveryChargeFor, paymentOffer } from '../features/shop/shopRules';
import { useCart } from '../features/cart/CartContext';
import CartLines, { useLineFocus } from '../features/cart/CartLines';
import { cartTotal, checkoutLines, groupCart, lineLabel } from '../features/cart/cartLogic';
import { greetingName, itemCountMessage } from '../features/cart/cartSummary';
import { useCartRefresh } from '../features/cart/useCartRefresh';
import { getProduct } from '../features/catalog/api';
import { cancelOrder, getOrder } from '../features/orders/api';
import { isAwaitingPayment } from '../features/orders/orderFormat';
import { useRazorpay } from '../features/orders/useRazorpay';
import { CheckoutBar, CheckoutSummary, useCheckout } from '../features/checkout';

// What checkout needs of the orders to let go of a held one.
const ORDERS = { getOrder, cancelOrder, isAwaitingPayment };

export default function CartPage() {
  usePageMeta({ title: 'Cart - ShopSphere' });
  const { auth } = useAuth();
  const user = auth.token ? auth.user : null;
  const { cart, replace, clear } = useCart();
  const lines = groupCart(cart);
  const { removed, priceChanges, refresh } = useCartRefresh(cart, replace, getProduct);
  const lineFocus = useLineFocus();
  const shopInfo = useShopInfo();
  const address = useAddressChoice(user);
  const subtotal = cartTotal(cart);
  const charge = deliveryChargeFor(shopInfo.delivery, subtotal);
  const payment = useRazorpay({
    settings: shopInfo.razorpay,
    shopName: shopInfo.shop?.tradeName || shopInfo.shop?.legalName || 'ShopSphere',
  });
  const checkout = useCheckout({
    user,
    cart: { lines: checkoutLines(cart), empty: cart.length === 0, clear, refresh },
    total: subtotal + (charge ?? 0),
    address,
    offer: paymentOffer(shopInfo),
    payment,
    orders: ORDERS,
  });

  return (
    <div className="container py-4">
      <h1 className="h2 text-center mb-1">Hello {greetingName(user)}</h1>
      <p className="text-center fs-5 mb-4">{itemCountMessage(cart.length, Boolean(user))}</p>
      {removed.length > 0 && (
        <div className="alert alert-warning" role="status">
          {MESSAGES.cartItemGone(removed)}
        </div>
      )}
      {cart.length === 0 ? (
        <div className="text-center py-4">
          <Link className="btn btn-primary" to={paths.home} ref={lineFocus.empty}>
            Continue Shopping
          </Link>
          {user && !address.known && (
            <div className="mt-3">
              <UpdateAddressButton />
            </div>
          )}
        </div>
      ) : (
        <div className="row g-4">
          <CartLines lines={lines} priceChanges={priceChanges} focus={lineFocus} />
          <CheckoutSummary
            checkout={checkout}
            subtotal={subtotal}
            delivery={shopInfo.delivery}
            charge={charge}
            items={lines.map(({ key, product, quantity, subtotal: sum }) => ({
              key,
              label: lineLabel(product),
              quantity,
              subtotal: sum,
            }))}
            priceChanged={Object.keys(priceChanges).length > 0}
            chooser={(addresses) => (
              <AddressChooser
                addresses={addresses}
                chosenId={address.id}
                onChoose={address.choose}
                onAdd={address.add}
              />
            )}
          />
          <CheckoutBar checkout={checkout} />
        </div>
      )}
    </div>
  );
}
