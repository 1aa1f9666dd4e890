// Display helpers: rupees for India and text previews.

// The whole and fraction digits of a number's shortest decimal, exponent written out.
function shortestDecimal(amount) {
  const [mantissa, exponent = '0'] = String(amount).split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const shift = Number(exponent);
  if (shift < 0) return ['0', '0'.repeat(-shift - 1) + whole + fraction];
  const digits = whole + fraction.padEnd(shift, '0');
  return [digits.slice(0, whole.length + shift), digits.slice(whole.length + shift)];
}

// Rupees with Indian digit grouping, as Intl.NumberFormat('en-IN', INR) writes them, except
// that a whole-rupee amount drops its paise (₹15,299, not ₹15,299.00); an amount with paise
// keeps both digits (₹199.50). Written out because a page's first Intl call loads locale data,
// a long task on the main thread of every first visit, longest on a slow phone (Lighthouse's
// Total Blocking Time). format.test.js holds it to Intl's output.
export function formatPrice(value) {
  const number = Number(value);
  const amount = Math.abs(Number.isFinite(number) ? number : 0);
  // Like ICU, round the shortest decimal that names the number (0.015, not the binary
  // 0.01499...) half away from zero, to paise.
  const [whole, fraction] = shortestDecimal(amount);
  const paise =
    BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + (fraction[2] >= '5' ? 1n : 0n);
  const rupees = String(paise / 100n);
  const grouped =
    rupees.length > 3
      ? `${rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${rupees.slice(-3)}`
      : rupees;
  const sign = number < 0 && paise > 0n ? '-' : '';
  const cents = paise % 100n;
  return cents === 0n
    ? `${sign}₹${grouped}`
    : `${sign}₹${grouped}.${String(cents).padStart(2, '0')}`;
}

// The first `length` characters (spec section 9: 30 on cards, 50 in the cart), followed by
// an ellipsis only when something was cut. Counts characters, not UTF-16 units, so
// Devanagari or emoji never split.
export function preview(text, length) {
  const chars = Array.from(String(text ?? ''));
  if (chars.length <= length) return chars.join('');
  return `${chars.slice(0, length).join('')}...`;
}

export function productPhotoUrl(product, width) {
  const id = typeof product === 'object' ? product?._id : product;
  const query = width ? `?w=${width}` : '';
  return `/api/v1/product/product-photo/${id}${query}`;
}
