// The coupon form of the admin panel, to create a coupon or, given one, to edit it: code,
// kind and value, the minimum order and the cap, the window (the admin's local time),
// the limits, first-order-only and online-payment-only, the categories (a multi-select)
// and products (ids separated by commas) it is for (none: everything), and Active.
// Problems show beside their fields (checked here first, and the server's `errors`), the
// server's sentence in the alert above the buttons; the first problem takes the focus.
// `onSubmit(payload)` sends it and answers { ok } or { message, errors }.
import { CODE_MAX, couponErrors, couponPayload, formFromCoupon } from './coupons';
import { Field, Flag, PromotionForm, moneyInput } from './PromotionFields';

const countInput = { type: 'number', inputMode: 'numeric', min: '1', step: '1' };

const COUPON = {
  toForm: formFromCoupon,
  check: couponErrors,
  toPayload: couponPayload,
  noun: 'Coupon',
  alertTestId: 'coupon-form-alert',
  activeHelp: 'A paused coupon applies to nothing.',
  identity: (bind) => (
    <Field
      bind={bind}
      field="code"
      label="Code"
      help="Letters and digits; shoppers may type it in any case."
      className="col-sm-6 col-lg-4"
      inputClassName="text-uppercase"
      autoComplete="off"
      spellCheck={false}
      maxLength={CODE_MAX}
    />
  ),
  beforeWindow: (bind) => (
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
  ),
  afterWindow: (bind) => (
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
  ),
};

// `props`: categories (for the multi-select), onSubmit and onCancel.
export default function CouponForm({ coupon = null, categories = [], ...props }) {
  return <PromotionForm promotion={coupon} categories={categories} {...COUPON} {...props} />;
}
