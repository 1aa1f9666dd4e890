// The cart's "Cart Summary": the totals (subtotal, delivery by the shop's rule, total,
// taxes included), then for a signed-in shopper where the order goes, how it is paid (the
// Payment group and the payment's live region), the review and the main button; a guest
// is asked to log in or register, and comes back to the cart.
// items: the lines for the review ({ key, label, quantity, subtotal }); priceChanged: a
// line's price moved since it was added; chooser: see DeliveryAddress; discount and
// couponCode: the applied coupon's (0 and null without one); coupon: the cart's coupon
// field, shown under the totals; gst: the GST the total includes (cartGst), or null when
// it cannot be told. A business purchase ("I have a GSTIN") is offered under
// the address when checkout has one (`checkout.business`).
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatPrice } from '../../lib/format';
import { MESSAGES } from '../../constants/messages';
import PaymentStatus from '../../components/PaymentStatus';
import UpdateAddressButton from '../../components/UpdateAddressButton';
import BusinessPurchase from './BusinessPurchase';
import CheckoutAction from './CheckoutAction';
import DeliveryAddress from './DeliveryAddress';
import OrderReview from './OrderReview';
import PaymentChoice from './PaymentChoice';
import Totals from './Totals';
import { CHECKOUT_MESSAGES } from './checkoutMessages';

export default function CheckoutSummary({
  checkout,
  subtotal,
  delivery,
  charge,
  items,
  priceChanged,
  chooser,
  discount = 0,
  couponCode = null,
  coupon = null,
  gst = null,
}) {
  const { user, address, method, total } = checkout;
  // One main button on screen at a time: in the summary from the lg breakpoint, in the
  // sticky bar (CheckoutBar) below it.
  const inSummary = (
    <span className="d-none d-lg-inline-block">
      <CheckoutAction checkout={checkout} place="summary" />
    </span>
  );
  return (
    <section className="col-lg-5" aria-labelledby="cart-summary">
      <div className="card shadow-sm text-center">
        <div className="card-body">
          <h2 id="cart-summary" className="h4">
            Cart Summary
          </h2>
          <p className="text-body-secondary mb-2">Total | Checkout | Payment</p>
          <hr />
          <Totals
            subtotal={subtotal}
            delivery={delivery}
            charge={charge}
            discount={discount}
            couponCode={couponCode}
          />
          {coupon}
          <p className="h4" data-testid="cart-total">
            Total: {formatPrice(total)}
          </p>
          <p className="small text-body-secondary mb-0">{MESSAGES.pricesInclusive}</p>
          {priceChanged && (
            <p className="small text-warning-emphasis">{MESSAGES.cartPriceChanged}</p>
          )}
          <div className="mt-3">
            {user ? (
              <>
                <DeliveryAddress
                  address={address}
                  profileAddress={user.address}
                  chooser={chooser}
                />
                {address.known && checkout.business && (
                  <BusinessPurchase
                    business={checkout.business}
                    disabled={checkout.busy || checkout.retrying}
                  />
                )}
                {address.known && (
                  <>
                    <PaymentChoice
                      method={method}
                      cod={checkout.cod}
                      online={checkout.online}
                      codLimit={checkout.codLimit}
                      disabled={checkout.busy || checkout.retrying}
                      onChoose={checkout.choose}
                    />
                    <PaymentStatus
                      phase={checkout.status.phase}
                      detail={checkout.status.detail}
                      className="text-start small"
                    />
                  </>
                )}
                {address.known && (
                  <OrderReview
                    items={items}
                    deliverTo={address.text}
                    method={method}
                    charge={charge}
                    total={total}
                    discount={discount}
                    couponCode={couponCode}
                    gst={gst}
                  />
                )}
                <div className="d-flex flex-wrap justify-content-center gap-2">
                  {address.saved.length === 0 && user.address && (
                    <UpdateAddressButton className="btn btn-outline-secondary" />
                  )}
                  {inSummary}
                </div>
                {address.known && method === 'cod' && (
                  <p className="small text-body-secondary mt-2 mb-0">
                    Pay in cash when your order is delivered.
                  </p>
                )}
                {address.known && method === 'razorpay' && (
                  <p className="small text-body-secondary mt-2 mb-0">
                    {CHECKOUT_MESSAGES.payOnlineHint}
                  </p>
                )}
              </>
            ) : (
              <>
                <p className="mb-2">{MESSAGES.loginToCheckout}</p>
                {inSummary}
                <p className="mt-2 mb-0">
                  New here?{' '}
                  <Link to={paths.register} state={{ from: paths.cart }}>
                    Register here
                  </Link>
                </p>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
