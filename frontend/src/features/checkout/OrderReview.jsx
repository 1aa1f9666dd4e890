// What "Place Order" will order, right above it: where it goes (the address in full), how
// it is paid, the lines, the coupon's discount, the delivery charge and the total with the
// GST it includes ("Includes GST of ₹X", `gst`; "taxes included" when it is not known).
// items: [{ key, label, quantity, subtotal }], one per cart line.
import { useId } from 'react';
import { formatPrice } from '../../lib/format';
import { REVIEW_PAYMENT } from './labels';
import { minus } from './Totals';

export default function OrderReview({
  items,
  deliverTo,
  method,
  charge,
  total,
  discount = 0,
  couponCode = null,
  gst = null,
}) {
  const id = useId();
  return (
    <section
      className="cart-review text-start border rounded p-2 mb-3"
      aria-labelledby={`${id}-review`}
      data-testid="order-review"
    >
      <h3 id={`${id}-review`} className="h6 mb-2">
        Review your order
      </h3>
      <dl className="small mb-0">
        <dt>Deliver to</dt>
        <dd data-testid="review-address">{deliverTo}</dd>
        <dt>Payment</dt>
        <dd data-testid="review-payment">{REVIEW_PAYMENT[method] ?? '-'}</dd>
        <dt>Items</dt>
        <dd>
          <ul className="list-unstyled mb-0">
            {items.map(({ key, label, quantity, subtotal }) => (
              <li key={key}>
                {label} × {quantity}: {formatPrice(subtotal)}
              </li>
            ))}
          </ul>
        </dd>
        {discount > 0 && (
          <>
            <dt>Coupon{couponCode ? ` ${couponCode}` : ''}</dt>
            <dd data-testid="review-discount">{minus(discount)}</dd>
          </>
        )}
        {charge !== null && (
          <>
            <dt>Delivery</dt>
            <dd>{charge === 0 ? 'Free' : formatPrice(charge)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd className="mb-0 fw-bold" data-testid="review-total">
          {formatPrice(total)}{' '}
          <span className="fw-normal text-body-secondary" data-testid="review-gst">
            {gst === null ? '(taxes included)' : `Includes GST of ${formatPrice(gst)}`}
          </span>
        </dd>
      </dl>
    </section>
  );
}
