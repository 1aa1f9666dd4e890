// The cart summary's coupon: a "Coupon code" field with Apply for a signed-in shopper or
// one checking out as a guest (the guest form shows it; a guest who has not chosen to is
// asked to log in first), then the applied code with what it takes off and
// Remove. Why a code does not apply, or was dropped after the cart changed, is said in an
// alert region (the server's sentence); the cart itself is never touched by a refusal.
// Focus follows the buttons that go away: Apply -> Remove once applied, Remove -> the code
// field. `coupon` is useCoupon's; `lines` and `payment` are what the check is made for.
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatPrice } from '../../lib/format';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { COUPON_MESSAGES } from './couponMessages';

export default function CouponBox({ coupon, lines, payment }) {
  const id = useId();
  const [text, setText] = useState('');
  const input = useRef(null);
  const removeButton = useRef(null);
  const focusLater = useFocusAfterRender();
  const { code, applied, checking, notice, usable } = coupon;

  async function apply(event) {
    event.preventDefault();
    if (checking) return;
    const ok = await coupon.apply(text, { lines, payment });
    if (ok) {
      setText('');
      focusLater(() => removeButton.current?.focus());
    } else {
      focusLater(() => input.current?.focus());
    }
  }

  function remove() {
    coupon.remove();
    focusLater(() => input.current?.focus());
  }

  let body;
  if (!usable) {
    body = (
      <p className="small mb-0" data-testid="coupon-login">
        Have a coupon code?{' '}
        <Link to={paths.login} state={{ from: paths.cart }}>
          Log in
        </Link>{' '}
        {COUPON_MESSAGES.couponLogin}
      </p>
    );
  } else if (code) {
    body = (
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span data-testid="coupon-applied">
          {applied ? (
            <>
              <span className="text-success fw-semibold">
                {COUPON_MESSAGES.couponApplied(applied.code, formatPrice(applied.discount))}
              </span>
              {checking && <span className="text-body-secondary small"> (checking ...)</span>}
            </>
          ) : checking ? (
            COUPON_MESSAGES.couponChecking(code)
          ) : (
            `Coupon ${code}`
          )}
        </span>
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          onClick={remove}
          ref={removeButton}
          aria-label={`Remove coupon ${code}`}
        >
          Remove
        </button>
      </div>
    );
  } else {
    body = (
      <form onSubmit={apply} noValidate>
        <label htmlFor={`${id}-code`} className="form-label mb-1">
          Coupon code
        </label>
        <div className="input-group">
          <input
            id={`${id}-code`}
            ref={input}
            type="text"
            className={`form-control${notice ? ' is-invalid' : ''}`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            value={text}
            aria-invalid={notice ? 'true' : undefined}
            aria-describedby={notice ? `${id}-notice` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              if (notice) coupon.clearNotice();
            }}
          />
          <button type="submit" className="btn btn-outline-primary" disabled={checking}>
            {checking ? 'Applying ...' : 'Apply'}
          </button>
        </div>
      </form>
    );
  }

  return (
    <section className="cart-coupon text-start mb-3" aria-label="Coupon" aria-busy={checking}>
      {body}
      <div
        id={`${id}-notice`}
        role="alert"
        className="small text-danger mt-1"
        data-testid="coupon-notice"
      >
        {notice}
      </div>
    </section>
  );
}
