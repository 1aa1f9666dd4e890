// Cart rules. The stored shape stays the spec's (section 3): a list of whole product
// objects, the same product once per unit. Everything else is derived from it: lines
// grouped by product with a quantity, the total, the stock labels.

import { maxQuantity } from '../../lib/stock';

export { LOW_STOCK, MAX_PER_PRODUCT, maxQuantity, stockLabel } from '../../lib/stock';

export function countOf(cart, productId) {
  return cart.filter((item) => String(item?._id) === String(productId)).length;
}

export function canAdd(cart, product) {
  return countOf(cart, product?._id) < maxQuantity(product);
}

// Adding appends the whole product (duplicates allowed), unless sold out or at the cap.
export function addItem(cart, product) {
  return canAdd(cart, product) ? [...cart, product] : cart;
}

export function removeItem(cart, productId) {
  return cart.filter((item) => String(item?._id) !== String(productId));
}

// The product's entries become `quantity` copies of it, where its first entry stood.
export function setQuantity(cart, productId, quantity) {
  const id = String(productId);
  const index = cart.findIndex((item) => String(item?._id) === id);
  if (index < 0) return cart;
  const product = cart[index];
  const wanted = Math.max(1, Math.min(Math.floor(quantity) || 1, maxQuantity(product)));
  const rest = removeItem(cart, id);
  const before = cart.slice(0, index).filter((item) => String(item?._id) !== id).length;
  return [...rest.slice(0, before), ...Array(wanted).fill(product), ...rest.slice(before)];
}

// One line per product, in the order first added: {product, quantity, subtotal}.
export function groupCart(cart) {
  const lines = new Map();
  for (const item of cart) {
    const id = String(item._id);
    const line = lines.get(id);
    if (line) line.quantity += 1;
    else lines.set(id, { product: item, quantity: 1 });
  }
  return [...lines.values()].map((line) => ({
    ...line,
    subtotal: (Number(line.product.price) || 0) * line.quantity,
  }));
}

export function cartTotal(cart) {
  return cart.reduce((sum, item) => sum + (Number(item?.price) || 0), 0);
}

// Only well-formed entries survive a restore (a hand-edited or stale 'cart' entry).
export function sanitizeCart(value) {
  return Array.isArray(value)
    ? value.filter((item) => item && typeof item === 'object' && item._id !== undefined)
    : [];
}

// The cart after the server's answer for each product: `fresh` maps an id to the product
// as it is now, or to null when it no longer exists. Gone products leave; a price change
// is reported; quantities shrink to what stock allows. Unanswered ids stay as they were.
export function refreshCart(cart, fresh) {
  let next = cart;
  const removed = [];
  const priceChanges = [];
  for (const { product, quantity } of groupCart(cart)) {
    const id = String(product._id);
    if (!(id in fresh)) continue;
    const now = fresh[id];
    if (now === null || maxQuantity(now) <= 0) {
      removed.push(product.name);
      next = removeItem(next, id);
      continue;
    }
    if (Number(now.price) !== Number(product.price)) {
      priceChanges.push({ id, name: now.name, was: Number(product.price), now: Number(now.price) });
    }
    next = next.map((item) => (String(item._id) === id ? now : item));
    next = setQuantity(next, id, Math.min(quantity, maxQuantity(now)));
  }
  return { cart: next, removed, priceChanges };
}

// The checkout request: one line per product.
export function checkoutLines(cart) {
  return groupCart(cart).map(({ product, quantity }) => ({ _id: product._id, quantity }));
}
