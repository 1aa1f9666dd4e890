// Checkout as a guest (docs/orders.md, "Guest checkout"): the buyer's name, e-mail and
// mobile, the full delivery address (PIN code and state), cash on delivery or paying
// online, then Place Order. Loaded on demand from the cart (its own chunk). The server's
// 400 is shown beside each field it names; a retried click sends the same
// Idempotency-Key, so one order is placed. `onPlaced(order, token)` takes it from there
// (the cart empties, the order's page opens, with Pay Now for an online payment).
import { useRef, useState } from 'react';
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

export default function GuestCheckoutForm({ lines, onlineOffered = false, onPlaced }) {
  const [values, setValues] = useState(EMPTY);
  const [payment, setPayment] = useState('cod');
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const key = useRef(null);

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
    key.current ??= newIdempotencyKey();
    const { name, email, phone, ...address } = values;
    try {
      const { data } = await guestCheckout({
        cart: lines,
        guest: { name, email, phone },
        shippingAddress: { name, phone, ...address },
        payment,
        idempotencyKey: key.current,
      });
      onPlaced(data.order, data.orderToken);
    } catch (error) {
      const data = error?.response?.data;
      const found = guestFieldErrors(data);
      if (found.addressName && !found.name) found.name = found.addressName;
      if (found.addressPhone && !found.phone) found.phone = found.addressPhone;
      if (!Object.keys(found).length) found.form = 'Something went wrong';
      setErrors(found);
      setBusy(false);
    }
  }

  return (
    <form className="card card-body mt-3" onSubmit={submit} noValidate aria-label="Guest checkout">
      <h2 className="h5">Checkout as guest</h2>
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
      <button type="submit" className="btn btn-success" disabled={busy || lines.length === 0}>
        {busy ? 'Placing your order…' : payment === 'razorpay' ? GUEST_PAY_ONLINE : PLACE_ORDER}
      </button>
    </form>
  );
}
