// The admin's coupons (contract, "Coupons"): pure functions from a coupon to the form's
// text fields and back to the JSON the server takes, the checks made before sending (the
// server makes them again: 400 naming the field), and what the table says of a coupon.
//
// A coupon: {_id, code, kind ("percent" | "amount"), value, minOrder, maxDiscount,
// startsAt, endsAt (ISO or null), usageLimit, perCustomerLimit, firstOrderOnly,
// prepaidOnly, categories: [ids], products: [ids], active, used, discountGiven, ...}.

// The server's rule for a code (promotions/models.py): letters and digits, 3 to 32.
export const CODE_MAX = 32;
const CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{3,${CODE_MAX}}$`);

export const COUPON_TEXTS = {
  codeRule: `Code must be 3 to ${CODE_MAX} letters and digits, without spaces.`,
  valueRequired: 'Value must be more than zero.',
  percentTooHigh: 'Value of a percent off cannot be over 100.',
  moneyInvalid: (label) => `${label} must be more than zero, or empty for none.`,
  countInvalid: (label) => `${label} must be a whole number of at least 1, or empty for none.`,
  endsBeforeStart: 'Ends at must be after the start.',
  productsInvalid: 'Products must be ids separated by commas.',
};

export const KIND_LABELS = { percent: 'Percent off', amount: 'Rupees off' };

const text = (value) => (value === null || value === undefined ? '' : String(value));
const pad = (number) => String(number).padStart(2, '0');

// An ISO time as a datetime-local field shows it (the admin's own clock), or ''.
export function toLocalInput(iso) {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

// A datetime-local value (the admin's clock) as the ISO instant sent, or null.
export function fromLocalInput(value) {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const EMPTY_COUPON_FORM = {
  code: '',
  kind: 'percent',
  value: '',
  minOrder: '',
  maxDiscount: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  firstOrderOnly: false,
  prepaidOnly: false,
  categories: [],
  products: '',
  active: true,
};

export function formFromCoupon(coupon) {
  if (!coupon) return { ...EMPTY_COUPON_FORM };
  return {
    code: text(coupon.code),
    kind: coupon.kind === 'amount' ? 'amount' : 'percent',
    value: text(coupon.value),
    minOrder: text(coupon.minOrder),
    maxDiscount: text(coupon.maxDiscount),
    startsAt: toLocalInput(coupon.startsAt),
    endsAt: toLocalInput(coupon.endsAt),
    usageLimit: text(coupon.usageLimit),
    perCustomerLimit: text(coupon.perCustomerLimit),
    firstOrderOnly: Boolean(coupon.firstOrderOnly),
    prepaidOnly: Boolean(coupon.prepaidOnly),
    categories: (coupon.categories ?? []).map(String),
    products: (coupon.products ?? []).map(String).join(', '),
    active: coupon.active !== false,
  };
}

// "12, 15 ,,  9" -> ['12', '15', '9'].
export const productIds = (value) =>
  String(value)
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

const blank = (value) => String(value).trim() === '';
const money = (value) => (blank(value) ? null : Number(value));
const count = (value) => (blank(value) ? null : Number(value));

// Problems of the form: { field: message }, field names as the server's.
export function couponErrors(form) {
  const errors = {};
  if (!CODE_PATTERN.test(form.code.trim())) errors.code = COUPON_TEXTS.codeRule;
  const value = Number(form.value);
  if (blank(form.value) || !(value > 0)) errors.value = COUPON_TEXTS.valueRequired;
  else if (form.kind === 'percent' && value > 100) errors.value = COUPON_TEXTS.percentTooHigh;
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
  const starts = fromLocalInput(form.startsAt);
  const ends = fromLocalInput(form.endsAt);
  if (starts && ends && ends <= starts) errors.endsAt = COUPON_TEXTS.endsBeforeStart;
  if (productIds(form.products).some((id) => !/^\d+$/.test(id))) {
    errors.products = COUPON_TEXTS.productsInvalid;
  }
  return errors;
}

// The JSON sent on create and on update: every field, an empty one as null (none), so an
// update that empties a field clears it.
export function couponPayload(form) {
  return {
    code: form.code.trim().toUpperCase(),
    kind: form.kind,
    value: Number(form.value),
    minOrder: money(form.minOrder),
    maxDiscount: money(form.maxDiscount),
    startsAt: fromLocalInput(form.startsAt),
    endsAt: fromLocalInput(form.endsAt),
    usageLimit: count(form.usageLimit),
    perCustomerLimit: count(form.perCustomerLimit),
    firstOrderOnly: Boolean(form.firstOrderOnly),
    prepaidOnly: Boolean(form.prepaidOnly),
    categories: [...form.categories],
    products: productIds(form.products),
    active: Boolean(form.active),
  };
}

// What the table says. `formatPrice` comes from lib/format (passed in to keep this pure).
export function discountText(coupon, formatPrice) {
  const off =
    coupon.kind === 'percent' ? `${Number(coupon.value)}% off` : `${formatPrice(coupon.value)} off`;
  const cap =
    coupon.kind === 'percent' && coupon.maxDiscount != null
      ? `, at most ${formatPrice(coupon.maxDiscount)}`
      : '';
  return off + cap;
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

const when = (iso) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function windowText(coupon) {
  const { startsAt, endsAt } = coupon;
  if (startsAt && endsAt) return `${when(startsAt)} – ${when(endsAt)}`;
  if (startsAt) return `From ${when(startsAt)}`;
  if (endsAt) return `Until ${when(endsAt)}`;
  return 'Always';
}

export const usageText = (coupon) =>
  `${Number(coupon.used) || 0} / ${coupon.usageLimit == null ? 'no limit' : coupon.usageLimit}`;

// Paused (the admin's switch), else Ended, Scheduled or Active by the window at `now`.
export function couponStatus(coupon, now = Date.now()) {
  if (!coupon.active) return 'Paused';
  if (coupon.endsAt && new Date(coupon.endsAt).getTime() <= now) return 'Ended';
  if (coupon.startsAt && new Date(coupon.startsAt).getTime() > now) return 'Scheduled';
  return 'Active';
}

// The server's field errors (`errors: {field: [message]}`) as { field: message }.
export function serverFieldErrors(error) {
  const errors = error?.response?.data?.errors;
  if (!errors || typeof errors !== 'object') return {};
  return Object.fromEntries(
    Object.entries(errors)
      .map(([field, messages]) => [field, Array.isArray(messages) ? messages[0] : messages])
      .filter(([, message]) => typeof message === 'string' && message),
  );
}
