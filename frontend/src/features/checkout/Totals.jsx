// Subtotal, the coupon's discount, delivery and total; "Add ₹N more for free delivery"
// below the threshold (which, like the COD limit, reads the value after the discount).
// `charge` is null while the shop's delivery rule is unknown: only the subtotal shows.
import { formatPrice } from '../../lib/format';

export const minus = (amount) => `−${formatPrice(amount)}`;

export default function Totals({ subtotal, delivery, charge, discount = 0, couponCode = null }) {
  const freeFrom = delivery?.freeFrom == null ? null : Number(delivery.freeFrom);
  const short = charge > 0 && freeFrom !== null ? freeFrom - (subtotal - discount) : 0;
  return (
    <>
      <dl className="cart-totals mb-2" data-testid="cart-totals">
        <div className="d-flex justify-content-between">
          <dt className="fw-normal">Subtotal</dt>
          <dd className="mb-0">{formatPrice(subtotal)}</dd>
        </div>
        {discount > 0 && (
          <div className="d-flex justify-content-between">
            <dt className="fw-normal">Discount{couponCode ? ` (${couponCode})` : ''}</dt>
            <dd className="mb-0 text-success" data-testid="cart-discount">
              {minus(discount)}
            </dd>
          </div>
        )}
        {charge !== null && (
          <div className="d-flex justify-content-between">
            <dt className="fw-normal">Delivery</dt>
            <dd className="mb-0" data-testid="delivery-charge">
              {charge === 0 ? 'Free' : formatPrice(charge)}
            </dd>
          </div>
        )}
      </dl>
      {short > 0 && (
        <p className="small text-body-secondary mb-2" data-testid="free-delivery-hint">
          Add {formatPrice(short)} more for free delivery.
        </p>
      )}
    </>
  );
}
