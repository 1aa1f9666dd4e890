// The cart (spec section 2): greeting, item count, the cart's lines (features/cart), and
// the checkout (features/checkout) composed with what the other features own: the
// signed-in shopper and their addresses (auth), the shop's delivery rule and payment
// methods (shop), the Razorpay window and the orders calls (orders). Guests are sent to
// /login, which brings them back here (navigation `from`), or register from here or from
// login and come back signed in. A signed-in shopper may apply a coupon code (the cart's
// feature checks it for these lines and this payment method); its discount comes off
// before the delivery rule and the COD limit read the total, and checkout sends the code.
// A business buys with its GSTIN and name ("I have a GSTIN"), filled in from the chosen
// address when it keeps them. A signed-out shopper may also "Checkout as guest": the
// guest form (its own chunk) places the order, the cart empties and the order's page
// opens by its token (docs/orders.md, "Guest checkout"); the page hands it the address
// forms' PIN code line (whether the shop delivers there, and takes cash) and the coupon
// box, which then leaves the summary.
import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { MESSAGES } from '../constants/messages';
import UpdateAddressButton from '../components/UpdateAddressButton';
import { useAuth } from '../features/auth/AuthContext';
import AddressChooser from '../features/auth/AddressChooser';
import PinDeliveryLine from '../features/auth/PinDeliveryLine';
import { useAddressChoice } from '../features/auth/useAddressChoice';
import { useShopInfo } from '../features/shop/useShopInfo';
import { checkDelivery } from '../features/shop/api';
import { deliveryChargeFor, paymentOffer } from '../features/shop/shopRules';
import { useCart } from '../features/cart/CartContext';
import CartLines, { useLineFocus } from '../features/cart/CartLines';
import CouponBox from '../features/cart/CouponBox';
import { useCoupon, useCouponRecheck } from '../features/cart/useCoupon';
import { cartTotal, checkoutLines, groupCart, lineLabel } from '../features/cart/cartLogic';
import { greetingName, itemCountMessage } from '../features/cart/cartSummary';
import { useCartRefresh } from '../features/cart/useCartRefresh';
import { getProduct } from '../features/catalog/api';
import { cancelOrder, getOrder } from '../features/orders/api';
import { isAwaitingPayment } from '../features/orders/orderFormat';
import { useRazorpay } from '../features/orders/useRazorpay';
import {
  cartGst,
  CheckoutBar,
  CheckoutSummary,
  GuestCheckoutForm,
  guestOrderPath,
  useBusinessBuyer,
  useCheckout,
} from '../features/checkout';

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
  const address = useAddressChoice(user, { checkDelivery });
  const business = useBusinessBuyer(address);
  const subtotal = cartTotal(cart);
  // A guest checking out applies a coupon in the guest form, paying as picked there.
  const [asGuest, setAsGuest] = useState(false);
  const [guestPayment, setGuestPayment] = useState('cod');
  const coupon = useCoupon({ signedIn: Boolean(user), guest: !user && asGuest });
  const discount = Math.min(coupon.discount, subtotal);
  const charge = deliveryChargeFor(shopInfo.delivery, subtotal - discount);
  const lineItems = checkoutLines(cart);
  const payment = useRazorpay({
    settings: shopInfo.razorpay,
    shopName: shopInfo.shop?.tradeName || shopInfo.shop?.legalName || 'ShopSphere',
  });
  const checkout = useCheckout({
    user,
    cart: {
      lines: lineItems,
      empty: cart.length === 0,
      clear,
      // A refused order (stock, prices, or the coupon used up meanwhile): read both again.
      refresh: () => {
        refresh();
        coupon.checkAgain();
      },
    },
    total: subtotal - discount + (charge ?? 0),
    coupon: coupon.code,
    address,
    offer: paymentOffer(shopInfo),
    payment,
    orders: ORDERS,
    business,
  });
  useCouponRecheck(coupon, { lines: lineItems, payment: user ? checkout.method : guestPayment });
  // The GST the total includes, as checkout will charge it (for the review).
  const gst = cartGst({
    lines,
    shares: coupon.applied?.lines ?? [],
    discount,
    charge,
    deliveryState: address.state,
    shopState: shopInfo.shop?.state,
  });
  const navigate = useNavigate();

  function guestPlaced(order, token) {
    clear();
    navigate(guestOrderPath(order._id, token));
  }

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
            discount={discount}
            gst={gst}
            couponCode={coupon.applied?.code ?? null}
            coupon={
              // A guest checking out has the box in the guest form.
              user || !asGuest ? (
                <CouponBox coupon={coupon} lines={lineItems} payment={checkout.method} />
              ) : null
            }
            chooser={(addresses) => (
              <AddressChooser
                addresses={addresses}
                chosenId={address.id}
                onChoose={address.choose}
                onAdd={address.add}
                checkDelivery={checkDelivery}
              />
            )}
          />
          <CheckoutBar checkout={checkout} />
          {!user && (
            <div className="col-12 col-lg-5 ms-lg-auto">
              {asGuest ? (
                <Suspense fallback={<p role="status">Loading ...</p>}>
                  <GuestCheckoutForm
                    lines={lineItems}
                    onlineOffered={Boolean(shopInfo.razorpay)}
                    onPlaced={guestPlaced}
                    pinDelivery={(pincode) => (
                      <PinDeliveryLine pincode={pincode} check={checkDelivery} />
                    )}
                    coupon={(method) => (
                      <CouponBox coupon={coupon} lines={lineItems} payment={method} />
                    )}
                    couponCode={coupon.code}
                    onPaymentChange={setGuestPayment}
                    onRefused={coupon.checkAgain}
                  />
                </Suspense>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline-primary w-100"
                  onClick={() => setAsGuest(true)}
                >
                  Checkout as guest
                </button>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
