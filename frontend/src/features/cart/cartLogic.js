// Cart rules of spec section 4: adding appends the whole product (duplicates allowed);
// removing drops every entry with that product id.
export function addItem(cart, product) {
  return [...cart, product];
}

export function removeItem(cart, productId) {
  return cart.filter((item) => String(item?._id) !== String(productId));
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
