// Cart rules. The stored shape stays the spec's (section 3): a list of whole product
// objects, the same product once per unit. An entry chosen with a variant carries its id
// as `variant`, and that variant's price and stock as its `price` and `quantity` (and its
// price without a sale as `regularPrice`), so the totals, stock labels and struck prices
// read every entry alike (variants-api.md). Everything else is
// derived from the list: lines grouped by (product, variant) with a quantity, the total.

import { MAX_PER_PRODUCT, maxQuantity } from '../../lib/stock';
import { describeOptions, findVariant, onlyVariant, variantsOf } from '../../lib/variants';

export { LOW_STOCK, MAX_PER_PRODUCT, maxQuantity, stockLabel } from '../../lib/stock';

// The variant an entry stands for: its own `variant`, else the product's only variant (an
// entry stored before variants existed), else null (unknown: the server decides).
export function variantIdOf(item) {
  if (item?.variant !== undefined && item.variant !== null && item.variant !== '') {
    return String(item.variant);
  }
  const only = onlyVariant(item);
  return only ? String(only._id) : null;
}

// A line is a product and a variant: "12" for an entry without a known variant, "12:17".
export function lineKey(item) {
  const variant = variantIdOf(item);
  return variant === null ? String(item?._id) : `${item?._id}:${variant}`;
}

// The entry to store for `product` chosen as `variant` (an object or an id). Without one,
// a product with one variant means it; a product with several cannot be added (null).
// Answers from before variants (no `variants`) are stored as they are.
export function cartEntry(product, variant = null) {
  const chosen = variant && typeof variant === 'object' ? variant : findVariant(product, variant);
  if (variant && !chosen) return null;
  if (!chosen && variantsOf(product).length === 0) return product;
  const picked = chosen ?? onlyVariant(product);
  if (!picked) return null;
  const entry = {
    ...product,
    variant: String(picked._id),
    price: picked.price ?? product.price,
    quantity: picked.quantity,
  };
  // The product's own regular price is that of the variant giving its price, not this
  // one's; an answer from before sales has none.
  delete entry.regularPrice;
  if (picked.regularPrice != null) entry.regularPrice = picked.regularPrice;
  return entry;
}

// The chosen variant of an entry, as the stored product lists it (null when unknown).
export function entryVariant(item) {
  return findVariant(item, variantIdOf(item));
}

// "Size: M · Colour: Black" for an entry with a chosen variant, else ''.
export function choiceText(item, format) {
  return describeOptions(entryVariant(item)?.options, item, format);
}

// The name a line goes by in labels and notices: "Tee (Size M, Colour Black)".
export function lineLabel(item) {
  const choice = choiceText(item, { nameSep: ' ', sep: ', ' });
  return choice ? `${item.name} (${choice})` : item.name;
}

// Units of a product in the cart, every variant counted (the per-product cap).
export function countOf(cart, productId) {
  return cart.filter((item) => String(item?._id) === String(productId)).length;
}

// Units of one line (product and variant).
export function lineCountOf(cart, key) {
  return cart.filter((item) => lineKey(item) === key).length;
}

// The line's own stock caps the line; MAX_PER_PRODUCT caps the product, variants together.
export function canAdd(cart, entry) {
  if (!entry) return false;
  return (
    lineCountOf(cart, lineKey(entry)) < maxQuantity(entry) &&
    countOf(cart, entry._id) < MAX_PER_PRODUCT
  );
}

// How many units a line could hold, given the product's other lines.
export function lineMax(cart, entry) {
  const key = lineKey(entry);
  const others = cart.filter((i) => String(i?._id) === String(entry._id) && lineKey(i) !== key);
  return Math.max(0, Math.min(maxQuantity(entry), MAX_PER_PRODUCT - others.length));
}

// Adding appends the whole entry (duplicates allowed), unless sold out or at a cap.
export function addItem(cart, entry) {
  return canAdd(cart, entry) ? [...cart, entry] : cart;
}

// Removes one line: `key` is lineKey(entry) (a product id for an entry without variant).
export function removeItem(cart, key) {
  return cart.filter((item) => lineKey(item) !== String(key));
}

// The line's entries become `quantity` copies of it, where its first entry stood.
export function setQuantity(cart, key, quantity) {
  const id = String(key);
  const index = cart.findIndex((item) => lineKey(item) === id);
  if (index < 0) return cart;
  const entry = cart[index];
  const wanted = Math.max(1, Math.min(Math.floor(quantity) || 1, lineMax(cart, entry)));
  const rest = removeItem(cart, id);
  const before = cart.slice(0, index).filter((item) => lineKey(item) !== id).length;
  return [...rest.slice(0, before), ...Array(wanted).fill(entry), ...rest.slice(before)];
}

// One line per product and variant, in the order first added:
// {key, product (the entry), variant (object or null), quantity, subtotal}.
export function groupCart(cart) {
  const lines = new Map();
  for (const item of cart) {
    const key = lineKey(item);
    const line = lines.get(key);
    if (line) line.quantity += 1;
    else lines.set(key, { key, product: item, variant: entryVariant(item), quantity: 1 });
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
    ? value.filter(
        (item) =>
          item &&
          typeof item === 'object' &&
          item._id !== undefined &&
          (item.variant === undefined ||
            item.variant === null ||
            ['string', 'number'].includes(typeof item.variant)),
      )
    : [];
}

// The cart after the server's answer for each product: `fresh` maps a product id to the
// product as it is now, or to null when it no longer exists. Gone products and variants
// leave, and so do sold-out lines; a price change is reported; quantities shrink to what
// stock allows. An entry from before variants takes the product's only variant; if the
// product now comes in several, it leaves too (it cannot be bought without a choice).
// Unanswered ids stay as they were.
// Returns {cart, removed: [label], variantsGone: [label], needChoice: [name], priceChanges}.
export function refreshCart(cart, fresh) {
  let next = cart;
  const removed = [];
  const variantsGone = [];
  const needChoice = [];
  const priceChanges = [];
  for (const { key, product } of groupCart(cart)) {
    const id = String(product._id);
    if (!(id in fresh)) continue;
    const now = fresh[id];
    const label = lineLabel(product);
    const drop = (list) => {
      list?.push(label);
      removed.push(label);
      next = removeItem(next, key);
    };
    if (now === null) {
      drop();
      continue;
    }
    const wanted = variantIdOf(product);
    let entry;
    if (wanted !== null && variantsOf(now).length > 0) {
      entry = cartEntry(now, wanted);
      if (!entry) {
        drop(variantsGone);
        continue;
      }
    } else {
      entry = cartEntry(now);
      if (!entry) {
        needChoice.push(product.name);
        drop();
        continue;
      }
    }
    if (maxQuantity(entry) <= 0) {
      drop();
      continue;
    }
    const newKey = lineKey(entry);
    if (Number(entry.price) !== Number(product.price)) {
      priceChanges.push({
        id: newKey,
        name: lineLabel(entry),
        was: Number(product.price),
        now: Number(entry.price),
      });
    }
    next = next.map((item) => (lineKey(item) === key ? entry : item));
    // An old entry mapped to its variant may join that variant's line: the sum, capped.
    next = setQuantity(next, newKey, Math.min(lineCountOf(next, newKey), maxQuantity(entry)));
  }
  return { cart: next, removed, variantsGone, needChoice, priceChanges };
}

// The checkout request: one line per product and variant; `variant` when known (an entry
// without one is the product's only variant, which the server works out).
export function checkoutLines(cart) {
  return groupCart(cart).map(({ product, quantity }) => {
    const variant = variantIdOf(product);
    return variant === null
      ? { _id: product._id, quantity }
      : { _id: product._id, quantity, variant };
  });
}
