// Home filters live in the URL query string (`?category=3&category=7&price=2`) so a reload,
// the back button or a shared link keeps them. These helpers translate between the query
// string and the product-filters call of the contract.
import { bandById } from '../../constants/priceBands';

export const CATEGORY_PARAM = 'category';
export const PRICE_PARAM = 'price';

export function readFilters(searchParams) {
  // Category ids are whole numbers; anything else in a hand-edited URL is ignored.
  const ids = searchParams.getAll(CATEGORY_PARAM).filter((value) => /^\d+$/.test(value));
  const checked = [...new Set(ids)];
  const band = bandById(searchParams.get(PRICE_PARAM));
  return { checked, priceId: band ? String(band._id) : null };
}

export function hasFilters({ checked, priceId }) {
  return checked.length > 0 || priceId !== null;
}

export function toggleCategory(searchParams, categoryId, on) {
  const next = new URLSearchParams(searchParams);
  const id = String(categoryId);
  const others = next.getAll(CATEGORY_PARAM).filter((value) => value !== id);
  next.delete(CATEGORY_PARAM);
  (on ? [...others, id] : others).forEach((value) => next.append(CATEGORY_PARAM, value));
  return next;
}

export function choosePrice(searchParams, bandId) {
  const next = new URLSearchParams(searchParams);
  next.set(PRICE_PARAM, String(bandId));
  return next;
}

// The query string for a whole set of filters (the phone drawer's Apply); other keys stay.
export function withFilters(searchParams, { checked, priceId }) {
  const next = new URLSearchParams(searchParams);
  next.delete(CATEGORY_PARAM);
  next.delete(PRICE_PARAM);
  checked.forEach((id) => next.append(CATEGORY_PARAM, String(id)));
  if (priceId !== null && priceId !== undefined) next.set(PRICE_PARAM, String(priceId));
  return next;
}

// The body of POST product-filters: category ids, the band's range (or []) and the page.
export function filterRequest({ checked, priceId }, page) {
  const band = bandById(priceId);
  return { checked, radio: band ? band.array : [], page };
}

// The home heading names what is shown: "All Products" without filters, else the chosen
// categories (in the list's order) and the price band, e.g. "Audio and Cameras, ₹200 to
// ₹349" or "All Products, ₹1000 or more". Ids not (yet) in `categories` are left out.
export function describeFilters({ checked, priceId }, categories) {
  const names = categories
    .filter((category) => checked.includes(String(category._id)))
    .map((category) => category.name);
  let what = 'All Products';
  if (names.length === 1) [what] = names;
  else if (names.length > 1) what = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const band = bandById(priceId);
  return band ? `${what}, ${band.name}` : what;
}
