// Subtotal, delivery and total; "Add ₹N more for free delivery" below the threshold.
// `charge` is null while the shop's delivery rule is unknown: only the subtotal shows.
import { formatPrice } from '../../lib/format';

export default function Totals({ subtotal, delivery, charge }) {
  const freeFrom = delivery?.freeFrom == null ? null : Number(delivery.freeFrom);
  const short = charge > 0 && freeFrom !== null ? freeFrom - subtotal : 0;
  return (
    <>
      <dl className="cart-totals mb-2" data-testid="cart-totals">
        <div className="d-flex justify-content-between">
          <dt className="fw-normal">Subtotal</dt>
          <dd className="mb-0">{formatPrice(subtotal)}</dd>
        </div>
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
