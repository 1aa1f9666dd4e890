// Checkout as a guest (docs/orders.md, "Guest checkout"): the buyer's name, e-mail and
// mobile, the full delivery address (PIN code and state), cash on delivery or paying
// online, then Place Order. Loaded on demand from the cart (its own chunk). The server's
// 400 is shown beside each field it names; a retried click sends the same
// Idempotency-Key, so one order is placed. `onPlaced(order, token)` takes it from there
// (the cart empties, the order's page opens, with Pay Now for an online payment).
//
// What other features own comes in from the cart page (features do not import each other):
//   pinDelivery(pincode)  the line under the PIN code saying whether the shop delivers
//                         there and collects cash (the address forms' own line)
//   coupon(payment)       the cart's coupon box, checked for this payment method
//   couponCode            the code applied, sent with the order (null: none)
//   onPaymentChange(m)    told when the guest picks another payment method ('cod' or
//                         'razorpay'), so the coupon is checked again for it
//   onRefused()           a refused order (400/409): the page reads the coupon again
import { useId, useRef, useState } from 'react';
import { INDIAN_STATES } from '../../constants/indianStates';
import { guestCheckout } from './api';
import { guestFieldErrors } from './guestErrors';
import { newIdempotencyKey } from './idempotency';
import { PAY_ONLINE, PLACE_ORDER } from './labels';

// Online: the order is placed, then paid on its page (Pay Now), as a buyer's held order.
export const GUEST_PAY_ONLINE = 'Place Order and Pay Online';

const EMPTY = {
  name: '',
  email: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  pincode: '',
};

function Field({ id, label, error, children }) {
  return (
    <div className="mb-2">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <div className="invalid-feedback d-block" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}

export default function GuestCheckoutForm({
  lines,
  onlineOffered = false,
  onPlaced,
  pinDelivery = null,
  coupon = null,
  couponCode = null,
  onPaymentChange = null,
  onRefused = null,
}) {
  const formId = useId();
  const [values, setValues] = useState(EMPTY);
  const key = useRef(null);
  // The coupon the key was made for: another coupon is another request, another key.
  const keyCoupon = useRef(null);
  const [payment, setPaymentState] = useState('cod');
  const setPayment = (method) => {
    setPaymentState(method);
    onPaymentChange?.(method);
    key.current = null;
  };
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);

  const change = (name) => (event) => {
    setValues((old) => ({ ...old, [name]: event.target.value }));
    key.current = null; // another request: another key
  };
  const input = (name, label, props = {}) => {
    const id = `guest-${name}`;
    return (
      <Field id={id} label={label} error={errors[name]}>
        <input
          id={id}
          className={`form-control${errors[name] ? ' is-invalid' : ''}`}
          value={values[name]}
          onChange={change(name)}
          aria-invalid={errors[name] ? 'true' : undefined}
          aria-describedby={errors[name] ? `${id}-error` : undefined}
          {...props}
        />
      </Field>
    );
  };

  async function submit(event) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    if (keyCoupon.current !== couponCode) key.current = null;
    keyCoupon.current = couponCode;
    key.current ??= newIdempotencyKey();
    const { name, email, phone, ...address } = values;
    try {
      const { data } = await guestCheckout({
        cart: lines,
        guest: { name, email, phone },
        shippingAddress: { name, phone, ...address },
        payment,
        coupon: couponCode,
        idempotencyKey: key.current,
      });
      onPlaced(data.order, data.orderToken);
    } catch (error) {
      const data = error?.response?.data;
      if ([400, 409].includes(error?.response?.status)) onRefused?.();
      const found = guestFieldErrors(data);
      if (found.addressName && !found.name) found.name = found.addressName;
      if (found.addressPhone && !found.phone) found.phone = found.addressPhone;
      if (!Object.keys(found).length) found.form = 'Something went wrong';
      setErrors(found);
      setBusy(false);
    }
  }

  return (
    <section className="card card-body mt-3" aria-labelledby={`${formId}-title`}>
      <h2 className="h5" id={`${formId}-title`}>
        Checkout as guest
      </h2>
      <form id={formId} onSubmit={submit} noValidate aria-label="Guest checkout">
        {errors.form && (
          <p className="alert alert-danger" role="alert">
            {errors.form}
          </p>
        )}
        {input('name', 'Name', { autoComplete: 'name' })}
        {input('email', 'Email', { type: 'email', autoComplete: 'email' })}
        {input('phone', 'Phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        {input('line1', 'Address line 1', { autoComplete: 'address-line1' })}
        {input('line2', 'Address line 2', { autoComplete: 'address-line2' })}
        {input('city', 'City', { autoComplete: 'address-level2' })}
        <Field id="guest-state" label="State" error={errors.state}>
          <select
            id="guest-state"
            className={`form-select${errors.state ? ' is-invalid' : ''}`}
            value={values.state}
            onChange={change('state')}
            aria-invalid={errors.state ? 'true' : undefined}
          >
            <option value="">Choose a state</option>
            {INDIAN_STATES.map(({ name }) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </Field>
        {input('pincode', 'PIN code', {
          inputMode: 'numeric',
          autoComplete: 'postal-code',
          maxLength: 6,
        })}
        {pinDelivery?.(values.pincode)}
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Payment</legend>
          <div className="form-check">
            <input
              id="guest-pay-cod"
              className="form-check-input"
              type="radio"
              name="guest-payment"
              checked={payment === 'cod'}
              onChange={() => setPayment('cod')}
            />
            <label className="form-check-label" htmlFor="guest-pay-cod">
              Cash on delivery
            </label>
          </div>
          {onlineOffered && (
            <div className="form-check">
              <input
                id="guest-pay-online"
                className="form-check-input"
                type="radio"
                name="guest-payment"
                checked={payment === 'razorpay'}
                onChange={() => setPayment('razorpay')}
              />
              <label className="form-check-label" htmlFor="guest-pay-online">
                {PAY_ONLINE}
              </label>
            </div>
          )}
          {errors.payment && <div className="invalid-feedback d-block">{errors.payment}</div>}
        </fieldset>
      </form>
      {/* The coupon box is a form of its own: it goes between the fields and their button,
          outside the guest form (forms do not nest), and the button names its form. */}
      {coupon?.(payment)}
      <button
        type="submit"
        form={formId}
        className="btn btn-success"
        disabled={busy || lines.length === 0}
      >
        {busy ? 'Placing order ...' : payment === 'razorpay' ? GUEST_PAY_ONLINE : PLACE_ORDER}
      </button>
    </section>
  );
}
