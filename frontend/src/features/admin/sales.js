// The admin's sales (contract, "MRP and sale prices"): catalogue promotions that lower the
// price shoppers see while they run. Pure functions from a sale to the form's text fields
// and back to the JSON the server takes, the checks made before sending (the server makes
// them again: 400 naming the field), and what the table says of a sale. What a sale
// shares with a coupon is in promotions.js.
//
// A sale: {_id, name, kind ("percent" | "amount": rupees off each unit), value, products:
// [ids], categories: [ids] (neither: the whole shop), startsAt, endsAt (ISO, both
// required), active, running, createdAt, updatedAt}.
import * as promotions from './promotions';

// The server's limit on a sale's name (promotions/serializers.py).
export const NAME_MAX = 100;

export const SALE_TEXTS = {
  ...promotions.PROMOTION_TEXTS,
  nameRequired: 'Name is required.',
  startsRequired: 'Starts at is required.',
  endsRequired: 'Ends at is required.',
};

export const EMPTY_SALE_FORM = { name: '', ...promotions.promotionFormFields(null) };

export function formFromSale(sale) {
  if (!sale) return { ...EMPTY_SALE_FORM };
  return { name: promotions.text(sale.name), ...promotions.promotionFormFields(sale) };
}

// Problems of the form: { field: message }, field names as the server's.
export function saleErrors(form) {
  const errors = {};
  if (!form.name.trim()) errors.name = SALE_TEXTS.nameRequired;
  if (!form.startsAt) errors.startsAt = SALE_TEXTS.startsRequired;
  if (!form.endsAt) errors.endsAt = SALE_TEXTS.endsRequired;
  return { ...errors, ...promotions.promotionErrors(form) };
}

// The JSON sent on create and on update: every field.
export function salePayload(form) {
  return { name: form.name.trim(), ...promotions.promotionPayloadFields(form) };
}

// What the table says. `formatPrice` comes from lib/format (passed in to keep this pure).
export const saleDiscountText = (sale, formatPrice) =>
  sale.kind === 'percent'
    ? promotions.offText(sale, formatPrice)
    : `${promotions.offText(sale, formatPrice)} each`;

const counted = (count, one, many) => `${count} ${count === 1 ? one : many}`;

// "Whole shop", "2 categories", "1 product", "2 categories, 3 products".
export function coverageText(sale) {
  const categories = sale.categories?.length ?? 0;
  const products = sale.products?.length ?? 0;
  if (categories + products === 0) return 'Whole shop';
  return [
    categories ? counted(categories, 'category', 'categories') : null,
    products ? counted(products, 'product', 'products') : null,
  ]
    .filter(Boolean)
    .join(', ');
}

// Paused, else Ended, Scheduled or Running by the window at `now`.
export const saleStatus = (sale, now = Date.now()) =>
  promotions.promotionStatus(sale, now, 'Running');
