// Display helpers: rupees for India and text previews.
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

export function formatPrice(value) {
  const number = Number(value);
  return inr.format(Number.isFinite(number) ? number : 0);
}

// The first `length` characters followed by an ellipsis (spec section 9: 30 on cards,
// 50 in the cart). Counts characters, not UTF-16 units, so Devanagari or emoji never split.
export function preview(text, length) {
  const chars = Array.from(String(text ?? ''));
  return `${chars.slice(0, length).join('')}...`;
}

export function productPhotoUrl(product, width) {
  const id = typeof product === 'object' ? product?._id : product;
  const query = width ? `?w=${width}` : '';
  return `/api/v1/product/product-photo/${id}${query}`;
}
