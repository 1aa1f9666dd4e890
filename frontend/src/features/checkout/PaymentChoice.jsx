// The "Payment" radio group. Cash on delivery shows only when the shop offers it (or its
// rules are unknown: the server decides), disabled with the reason over the cap or where
// the chosen address's PIN code has no cash on delivery; online
// only when the shop takes Razorpay. The whole group is disabled while a payment is under
// way or waits for Try Again.
import { useId } from 'react';
import { formatPrice } from '../../lib/format';
import { PAY_ONLINE } from './labels';
import { CHECKOUT_MESSAGES } from './checkoutMessages';

export default function PaymentChoice({ method, cod, online, codLimit, disabled, onChoose }) {
  const id = useId();
  return (
    <fieldset className="cart-payment text-start mb-3" disabled={disabled}>
      <legend className="h5">Payment</legend>
      {cod.offered && (
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            name={`${id}-payment`}
            id={`${id}-cod`}
            value="cod"
            checked={method === 'cod'}
            disabled={cod.overLimit || Boolean(cod.noCodAt)}
            aria-describedby={cod.overLimit || cod.noCodAt ? `${id}-cod-reason` : undefined}
            onChange={() => onChoose('cod')}
          />
          <label className="form-check-label" htmlFor={`${id}-cod`}>
            Cash on delivery
          </label>
          {(cod.overLimit || cod.noCodAt) && (
            <div id={`${id}-cod-reason`} className="form-text mt-0">
              {cod.overLimit
                ? CHECKOUT_MESSAGES.codOverLimit(formatPrice(codLimit))
                : CHECKOUT_MESSAGES.codNotAtPin(cod.noCodAt)}
            </div>
          )}
        </div>
      )}
      {online && (
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            name={`${id}-payment`}
            id={`${id}-online`}
            value="razorpay"
            checked={method === 'razorpay'}
            onChange={() => onChoose('razorpay')}
          />
          <label className="form-check-label" htmlFor={`${id}-online`}>
            {PAY_ONLINE}
          </label>
        </div>
      )}
    </fieldset>
  );
}
