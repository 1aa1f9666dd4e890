// What the admin's coupons and sales have in common (contract, "Coupons"): a kind
// ("percent" | "amount") and value, a window in the admin's local time, the categories
// and products they are for (none: everything), an active switch, and the server's
// refusals (400 naming the field). Pure functions: form text fields from a stored
// promotion and back, the checks made before sending, and what the tables say.

export const PROMOTION_TEXTS = {
  valueRequired: 'Value must be more than zero.',
  percentTooHigh: 'Value of a percent off cannot be over 100.',
  endsBeforeStart: 'Ends at must be after the start.',
  productsInvalid: 'Products must be ids separated by commas.',
};

export const KIND_LABELS = { percent: 'Percent off', amount: 'Rupees off' };

export const text = (value) => (value === null || value === undefined ? '' : String(value));
export const blank = (value) => String(value).trim() === '';
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

// "12, 15 ,,  9" -> ['12', '15', '9'].
export const productIds = (value) =>
  String(value)
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

// The form fields every promotion has, from a stored one (null: a new one).
export function promotionFormFields(promotion) {
  return {
    kind: promotion?.kind === 'amount' ? 'amount' : 'percent',
    value: text(promotion?.value),
    startsAt: toLocalInput(promotion?.startsAt),
    endsAt: toLocalInput(promotion?.endsAt),
    categories: (promotion?.categories ?? []).map(String),
    products: (promotion?.products ?? []).map(String).join(', '),
    active: promotion ? promotion.active !== false : true,
  };
}

// The JSON of those fields, as the server takes them.
export function promotionPayloadFields(form) {
  return {
    kind: form.kind,
    value: Number(form.value),
    startsAt: fromLocalInput(form.startsAt),
    endsAt: fromLocalInput(form.endsAt),
    categories: [...form.categories],
    products: productIds(form.products),
    active: Boolean(form.active),
  };
}

// Problems of those fields: { field: message }, field names as the server's.
export function promotionErrors(form) {
  const errors = {};
  const value = Number(form.value);
  if (blank(form.value) || !(value > 0)) errors.value = PROMOTION_TEXTS.valueRequired;
  else if (form.kind === 'percent' && value > 100) errors.value = PROMOTION_TEXTS.percentTooHigh;
  const starts = fromLocalInput(form.startsAt);
  const ends = fromLocalInput(form.endsAt);
  if (starts && ends && ends <= starts) errors.endsAt = PROMOTION_TEXTS.endsBeforeStart;
  if (productIds(form.products).some((id) => !/^\d+$/.test(id))) {
    errors.products = PROMOTION_TEXTS.productsInvalid;
  }
  return errors;
}

// "10% off" or "₹100 off". `formatPrice` comes from lib/format (passed in to keep this pure).
export const offText = (promotion, formatPrice) =>
  promotion.kind === 'percent'
    ? `${Number(promotion.value)}% off`
    : `${formatPrice(promotion.value)} off`;

const when = (iso) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

export function windowText(promotion) {
  const { startsAt, endsAt } = promotion;
  if (startsAt && endsAt) return `${when(startsAt)} – ${when(endsAt)}`;
  if (startsAt) return `From ${when(startsAt)}`;
  if (endsAt) return `Until ${when(endsAt)}`;
  return 'Always';
}

// Paused (the admin's switch), else Ended, Scheduled or `live` (what the table calls one
// in force: a coupon is Active, a sale Running) by the window at `now`.
export function promotionStatus(promotion, now = Date.now(), live = 'Active') {
  if (!promotion.active) return 'Paused';
  if (promotion.endsAt && new Date(promotion.endsAt).getTime() <= now) return 'Ended';
  if (promotion.startsAt && new Date(promotion.startsAt).getTime() > now) return 'Scheduled';
  return live;
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
