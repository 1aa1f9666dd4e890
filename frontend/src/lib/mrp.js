// The maximum retail price (MRP) beside the price (contract, "MRP and sale prices"): a
// product and each of its variants may carry `mrp` (rupees, at least the price, or null).
// While a sale runs, `price` is the sale price and `regularPrice` the price without it.
// One figure only is struck through before the price: the MRP when it is above the price,
// else the regular price when a sale takes the price below it; the percentage off is
// against that figure.
import { hasPriceRange, variantsOf } from './variants';

const amount = (value) => {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
};

// The figure that goes with the price shown for `product`, chosen as `variant` (null: no
// choice yet, the price shown being that of the variants still possible, `among`), read by
// `own` from a variant and by `general` from the product. A variant's own figure counts; a
// product with one variant, or an answer from before variants, uses the product's. Without
// a choice among several variants, there is one figure only when they all have the same
// price and the same figure.
function figureFor(product, variant, among, own, general) {
  const all = variantsOf(product);
  if (variant) {
    const figure = own(variant);
    if (figure !== null) return figure;
    return all.length <= 1 ? general(product) : null;
  }
  if (all.length === 0) return general(product);
  if (among.length === 0) return null;
  if (among.length === 1) return figureFor(product, among[0], among, own, general);
  if (hasPriceRange(product, among)) return null;
  const figures = new Set(among.map(own));
  return figures.size === 1 ? [...figures][0] : null;
}

export function mrpFor(product, variant = null, among = variantsOf(product)) {
  return figureFor(
    product,
    variant,
    among,
    (v) => amount(v.mrp),
    (p) => amount(p?.mrp),
  );
}

// The price without a sale that goes with the price shown (null when unknown: an answer
// from before sales, or variants whose regular prices differ).
export function regularPriceFor(product, variant = null, among = variantsOf(product)) {
  return figureFor(
    product,
    variant,
    among,
    (v) => amount(v.regularPrice),
    (p) => amount(p?.regularPrice),
  );
}

// Whole percent off the MRP, rounded down (₹1,999 -> ₹1,499 is 25% off); null when the
// MRP is not above the price.
export function percentOff(mrp, price) {
  const top = amount(mrp);
  const now = amount(price);
  if (top === null || now === null || top <= 0 || top <= now) return null;
  return Math.floor(((top - now) / top) * 100);
}

// The one figure struck through before `price`: {kind: 'mrp' | 'regular', amount, off}
// (`off` the whole percent off it), or null when neither is above the price.
export function struckPrice({ mrp = null, regular = null, price }) {
  for (const [kind, figure] of [
    ['mrp', mrp],
    ['regular', regular],
  ]) {
    const off = percentOff(figure, price);
    if (off !== null) return { kind, amount: amount(figure), off };
  }
  return null;
}
