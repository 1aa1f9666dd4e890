// The coupon form of the admin panel, to create a coupon or, given one, to edit it: code,
// kind and value, the minimum order and the cap, the window (the admin's local time),
// the limits, first-order-only and online-payment-only, the categories (a multi-select)
// and products (ids separated by commas) it is for (none: everything), and Active.
// Problems show beside their fields (checked here first, and the server's `errors`), the
// server's sentence in the alert above the buttons; the first problem takes the focus.
// `onSubmit(payload)` sends it and answers { ok } or { message, errors }.
import { CODE_MAX, couponErrors, couponPayload, formFromCoupon } from './coupons';
import {
  DiscountFields,
  Field,
  Flag,
  FormFooter,
  ScopeFields,
  WindowFields,
  moneyInput,
} from './PromotionFields';
import { usePromotionForm } from './usePromotionForm';

const countInput = { type: 'number', inputMode: 'numeric', min: '1', step: '1' };

export default function CouponForm({ coupon = null, categories = [], onSubmit, onCancel }) {
  const editing = Boolean(coupon);
  const { message, busy, formRef, handleSubmit, bind } = usePromotionForm({
    initial: () => formFromCoupon(coupon),
    check: couponErrors,
    toPayload: couponPayload,
    onSubmit,
    reset: !editing,
  });

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-busy={busy}>
      <div className="row g-3 mb-3">
        <Field
          bind={bind}
          field="code"
          label="Code"
          className="col-sm-6 col-lg-4"
          inputClassName="text-uppercase"
          autoComplete="off"
          spellCheck={false}
          maxLength={CODE_MAX}
          help="Letters and digits; shoppers may type it in any case."
        />
        <DiscountFields bind={bind} />
      </div>
      <div className="row g-3 mb-3">
        <Field
          bind={bind}
          field="minOrder"
          label="Minimum order (rupees)"
          className="col-sm-6 col-lg-3"
          help="The cart’s value before the coupon."
          {...moneyInput}
        />
        <Field
          bind={bind}
          field="maxDiscount"
          label="Maximum discount (rupees)"
          className="col-sm-6 col-lg-3"
          help="Caps a percent off; empty for no cap."
          {...moneyInput}
        />
      </div>
      <WindowFields bind={bind} />
      <fieldset className="mb-3">
        <legend className="h6">Limits</legend>
        <div className="row g-3">
          <Field
            bind={bind}
            field="usageLimit"
            label="Usage limit"
            help="Orders in all; empty for no limit."
            {...countInput}
          />
          <Field
            bind={bind}
            field="perCustomerLimit"
            label="Per customer limit"
            help="Orders per shopper; empty for no limit."
            {...countInput}
          />
        </div>
        <div className="mt-2">
          <Flag
            bind={bind}
            field="firstOrderOnly"
            label="First order only"
            help="Only for a shopper’s first order."
          />
          <Flag
            bind={bind}
            field="prepaidOnly"
            label="Online payment only"
            help="Not with cash on delivery."
          />
        </div>
      </fieldset>
      <ScopeFields bind={bind} categories={categories} />
      <div className="mb-3">
        <Flag
          bind={bind}
          field="active"
          label="Active"
          help="A paused coupon applies to nothing."
        />
      </div>
      <FormFooter
        message={message}
        testId="coupon-form-alert"
        noun="Coupon"
        editing={editing}
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
