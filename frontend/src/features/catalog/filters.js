// Home filters live in the URL query string (`?category=3&category=7&price=2`, or a range
// of the shopper's own `?min=5000&max=15000` instead of a band, and `&sort=price-asc`) so a
// reload, the back button or a shared link keeps them. These helpers translate between the
// query string and the product-filters call of the contract.
import { bandById } from '../../constants/priceBands';
import { formatPrice } from '../../lib/format';

export const CATEGORY_PARAM = 'category';
export const PRICE_PARAM = 'price';
export const SORT_PARAM = 'sort';
const RANGE_PARAMS = ['min', 'max'];

// The list's orders: the server's own (newest first) and product-filters' `sort` values.
export const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price-asc', label: 'Price, low to high' },
  { value: 'price-desc', label: 'Price, high to low' },
];

export function readSort(searchParams) {
  const sort = searchParams.get(SORT_PARAM);
  return SORTS.some((s) => s.value === sort) ? sort : 'newest';
}

// Whole rupees, or null for an empty or hand-edited value.
function rupees(value) {
  return typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : null;
}

export function readFilters(searchParams) {
  // Category ids are whole numbers; anything else in a hand-edited URL is ignored.
  const ids = searchParams.getAll(CATEGORY_PARAM).filter((value) => /^\d+$/.test(value));
  const checked = [...new Set(ids)];
  const band = bandById(searchParams.get(PRICE_PARAM));
  const [min, max] = band ? [null, null] : RANGE_PARAMS.map((key) => rupees(searchParams.get(key)));
  return { checked, priceId: band ? String(band._id) : null, min, max };
}

const hasRange = ({ min = null, max = null }) => min !== null || max !== null;

export function hasFilters(filters) {
  return filters.checked.length > 0 || filters.priceId !== null || hasRange(filters);
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
  RANGE_PARAMS.forEach((key) => next.delete(key));
  next.set(PRICE_PARAM, String(bandId));
  return next;
}

// A range of the shopper's own replaces the band; either end may be left open (null).
export function chooseRange(searchParams, min, max) {
  const next = new URLSearchParams(searchParams);
  next.delete(PRICE_PARAM);
  [min, max].forEach((value, index) =>
    value === null ? next.delete(RANGE_PARAMS[index]) : next.set(RANGE_PARAMS[index], value),
  );
  return next;
}

export function chooseSort(searchParams, sort) {
  const next = new URLSearchParams(searchParams);
  if (sort === 'newest') next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, sort);
  return next;
}

// The query string for a whole set of filters (the phone drawer's Apply); other keys stay.
export function withFilters(searchParams, { checked, priceId, min = null, max = null }) {
  let next = new URLSearchParams(searchParams);
  next.delete(CATEGORY_PARAM);
  next.delete(PRICE_PARAM);
  checked.forEach((id) => next.append(CATEGORY_PARAM, String(id)));
  next = chooseRange(next, min, max);
  if (priceId !== null && priceId !== undefined) next = choosePrice(next, priceId);
  return next;
}

// The body of POST product-filters: category ids, the band's range or the shopper's own
// (or []), the page, and `sort` only when it is not the server's own order.
export function filterRequest(filters, page, sort = 'newest') {
  const band = bandById(filters.priceId);
  let radio = band ? band.array : [];
  if (!band && hasRange(filters)) {
    const { min = null, max = null } = filters;
    radio = min !== null && max !== null && min > max ? [max, min] : [min ?? 0, max];
  }
  return { checked: filters.checked, radio, page, ...(sort === 'newest' ? {} : { sort }) };
}

function describeRange({ min = null, max = null }) {
  if (min !== null && max !== null) {
    const [low, high] = min > max ? [max, min] : [min, max];
    return `${formatPrice(low)} to ${formatPrice(high)}`;
  }
  return max !== null ? `up to ${formatPrice(max)}` : `${formatPrice(min)} or more`;
}

// The home heading names what is shown: "All Products" without filters, else the chosen
// categories (in the list's order) and the price band or range, e.g. "Audio and Cameras,
// ₹200 to ₹349", "All Products, ₹1,000 or more" or "Phones, up to ₹15,000". Ids not (yet)
// in `categories` are left out.
export function describeFilters(filters, categories) {
  const { checked, priceId } = filters;
  const names = categories
    .filter((category) => checked.includes(String(category._id)))
    .map((category) => category.name);
  let what = 'All Products';
  if (names.length === 1) [what] = names;
  else if (names.length > 1) what = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const band = bandById(priceId);
  if (band) return `${what}, ${band.name}`;
  return hasRange(filters) ? `${what}, ${describeRange(filters)}` : what;
}
