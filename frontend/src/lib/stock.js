// Stock as the shopper sees it: product pages, cards and the cart say the same thing.

// At most this many of one product per order (the contract's checkout rule).
export const MAX_PER_PRODUCT = 10;
// "Only N left" from this many down.
export const LOW_STOCK = 5;

// Stock as the server last said; unknown (an old stored cart entry) counts as available.
export function stockOf(product) {
  const quantity = Number(product?.quantity);
  return Number.isFinite(quantity) ? Math.max(0, Math.floor(quantity)) : Infinity;
}

export function stockLabel(product) {
  const left = stockOf(product);
  if (left <= 0) return 'Out of stock';
  if (left <= LOW_STOCK) return `Only ${left} left`;
  return 'In stock';
}

export function isSoldOut(product) {
  return stockOf(product) <= 0;
}

// How many of a product one cart may hold: 1-10, capped by stock.
export function maxQuantity(product) {
  return Math.min(MAX_PER_PRODUCT, stockOf(product));
}
