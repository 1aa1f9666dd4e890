// The maximum retail price (MRP) beside the price (contract, "MRP and sale prices"): a
// product and each of its variants may carry `mrp` (rupees, at least the price, or null).
// Shown struck through with the percentage off only when it is above the price.
import { hasPriceRange, variantsOf } from './variants';

const amount = (value) => {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

// The MRP that goes with the price shown for `product`, chosen as `variant` (null: no
// choice yet, the price shown being that of the variants still possible, `among`). A
// variant's own MRP counts; a product with one variant, or an answer from before variants,
// uses the product's. Without a choice among several variants, there is one MRP only when
// they all have the same price and the same MRP.
export function mrpFor(product, variant = null, among = variantsOf(product)) {
  const all = variantsOf(product);
  if (variant) {
    const own = amount(variant.mrp);
    if (own !== null) return own;
    return all.length <= 1 ? amount(product?.mrp) : null;
  }
  if (all.length === 0) return amount(product?.mrp);
  if (among.length === 0) return null;
  if (among.length === 1) return mrpFor(product, among[0]);
  if (hasPriceRange(product, among)) return null;
  const mrps = new Set(among.map((v) => amount(v.mrp)));
  return mrps.size === 1 ? [...mrps][0] : null;
}

// Whole percent off the MRP, rounded down (₹1,999 -> ₹1,499 is 25% off); null when the
// MRP is not above the price.
export function percentOff(mrp, price) {
  const top = amount(mrp);
  const now = amount(price);
  if (top === null || now === null || top <= 0 || top <= now) return null;
  return Math.floor(((top - now) / top) * 100);
}
