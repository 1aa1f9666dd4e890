// The admin's coupons (contract, "Coupons"): pure functions from a coupon to the form's
// text fields and back to the JSON the server takes, the checks made before sending (the
// server makes them again: 400 naming the field), and what the table says of a coupon.
// What a coupon shares with a sale (kind and value, window, categories and products,
// active) is in promotions.js.
//
// A coupon: {_id, code, kind ("percent" | "amount"), value, minOrder, maxDiscount,
// startsAt, endsAt (ISO or null), usageLimit, perCustomerLimit, firstOrderOnly,
// prepaidOnly, categories: [ids], products: [ids], active, used, discountGiven, ...}.
import {
  PROMOTION_TEXTS,
  blank,
  offText,
  promotionErrors,
  promotionFormFields,
  promotionPayloadFields,
  promotionStatus,
  text,
} from './promotions';

// The server's rule for a code (promotions/models.py): letters and digits, 3 to 32.
export const CODE_MAX = 32;
const CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{3,${CODE_MAX}}$`);

export const COUPON_TEXTS = {
  ...PROMOTION_TEXTS,
  codeRule: `Code must be 3 to ${CODE_MAX} letters and digits, without spaces.`,
  moneyInvalid: (label) => `${label} must be more than zero, or empty for none.`,
  countInvalid: (label) => `${label} must be a whole number of at least 1, or empty for none.`,
};

export const EMPTY_COUPON_FORM = {
  code: '',
  minOrder: '',
  maxDiscount: '',
  usageLimit: '',
  perCustomerLimit: '',
  firstOrderOnly: false,
  prepaidOnly: false,
  ...promotionFormFields(null),
};

export function formFromCoupon(coupon) {
  if (!coupon) return { ...EMPTY_COUPON_FORM };
  return {
    code: text(coupon.code),
    minOrder: text(coupon.minOrder),
    maxDiscount: text(coupon.maxDiscount),
    usageLimit: text(coupon.usageLimit),
    perCustomerLimit: text(coupon.perCustomerLimit),
    firstOrderOnly: Boolean(coupon.firstOrderOnly),
    prepaidOnly: Boolean(coupon.prepaidOnly),
    ...promotionFormFields(coupon),
  };
}

const money = (value) => (blank(value) ? null : Number(value));
const count = (value) => (blank(value) ? null : Number(value));

// Problems of the form: { field: message }, field names as the server's.
export function couponErrors(form) {
  const errors = {};
  if (!CODE_PATTERN.test(form.code.trim())) errors.code = COUPON_TEXTS.codeRule;
  [
    ['minOrder', 'Min order'],
    ['maxDiscount', 'Max discount'],
  ].forEach(([field, label]) => {
    if (!blank(form[field]) && !(Number(form[field]) > 0)) {
      errors[field] = COUPON_TEXTS.moneyInvalid(label);
    }
  });
  [
    ['usageLimit', 'Usage limit'],
    ['perCustomerLimit', 'Per customer limit'],
  ].forEach(([field, label]) => {
    const raw = String(form[field]).trim();
    if (raw !== '' && !(/^\d+$/.test(raw) && Number(raw) >= 1)) {
      errors[field] = COUPON_TEXTS.countInvalid(label);
    }
  });
  return { ...errors, ...promotionErrors(form) };
}

// The JSON sent on create and on update: every field, an empty one as null (none), so an
// update that empties a field clears it.
export function couponPayload(form) {
  const shared = promotionPayloadFields(form);
  return {
    code: form.code.trim().toUpperCase(),
    kind: shared.kind,
    value: shared.value,
    minOrder: money(form.minOrder),
    maxDiscount: money(form.maxDiscount),
    startsAt: shared.startsAt,
    endsAt: shared.endsAt,
    usageLimit: count(form.usageLimit),
    perCustomerLimit: count(form.perCustomerLimit),
    firstOrderOnly: Boolean(form.firstOrderOnly),
    prepaidOnly: Boolean(form.prepaidOnly),
    categories: shared.categories,
    products: shared.products,
    active: shared.active,
  };
}

// What the table says. `formatPrice` comes from lib/format (passed in to keep this pure).
export function discountText(coupon, formatPrice) {
  const cap =
    coupon.kind === 'percent' && coupon.maxDiscount != null
      ? `, at most ${formatPrice(coupon.maxDiscount)}`
      : '';
  return offText(coupon, formatPrice) + cap;
}

export function conditionsText(coupon, formatPrice) {
  const parts = [];
  if (coupon.minOrder != null) parts.push(`orders of ${formatPrice(coupon.minOrder)} or more`);
  if (coupon.firstOrderOnly) parts.push('first order only');
  if (coupon.prepaidOnly) parts.push('online payment only');
  if (coupon.perCustomerLimit != null) parts.push(`${coupon.perCustomerLimit} per customer`);
  const scope = (coupon.categories?.length ?? 0) + (coupon.products?.length ?? 0);
  if (scope > 0) parts.push('some items only');
  return parts.join('; ');
}

export const usageText = (coupon) =>
  `${Number(coupon.used) || 0} / ${coupon.usageLimit == null ? 'no limit' : coupon.usageLimit}`;

// Paused (the admin's switch), else Ended, Scheduled or Active by the window at `now`.
export const couponStatus = (coupon, now = Date.now()) => promotionStatus(coupon, now, 'Active');
