// Home filters live in the URL query string (`?category=3&category=7&price=2`, or a range
// of the shopper's own `?min=5000&max=15000` instead of a band, option values such as
// `&opt.Size=M&opt.Size=L`, and `&sort=price-asc`) so a reload, the back button or a shared
// link keeps them. These helpers translate between the query string and the
// product-filters call of the contract.
import { bandById } from '../../constants/priceBands';
import { formatPrice } from '../../lib/format';

export const CATEGORY_PARAM = 'category';
export const PRICE_PARAM = 'price';
export const SORT_PARAM = 'sort';
const RANGE_PARAMS = ['min', 'max'];
// One parameter per chosen option value, the option's name after the prefix: names are the
// shop's own (any text), so the prefix keeps them apart from the other parameters.
export const OPTION_PREFIX = 'opt.';
// What product-filters accepts (catalog/serializers.py): at most 3 options, 30 values
// each, names of 1-30 characters, values of 1-50; a hand-edited URL beyond them is cut
// back rather than answered 400.
const MAX_OPTIONS = 3;
const MAX_VALUES = 30;
const CONTROL = /\p{Cc}/u;
const fits = (text, longest) => text.trim() !== '' && text.length <= longest && !CONTROL.test(text);

// The list's orders: the server's own (newest first) and product-filters' `sort` values
// (`rating`: highest average first, more reviews first among equals, unrated last).
export const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'price-asc', label: 'Price, low to high' },
  { value: 'price-desc', label: 'Price, high to low' },
  { value: 'rating', label: 'Top rated' },
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

// The chosen option values, `{ Size: ['M', 'L'] }` (kept apart from readFilters, whose
// shape other callers know: the page puts the two together).
export function readOptions(searchParams) {
  const options = {};
  for (const [key, value] of searchParams) {
    const name = key.slice(OPTION_PREFIX.length);
    if (!key.startsWith(OPTION_PREFIX) || !fits(name, 30) || !fits(value, 50)) continue;
    if (!options[name] && Object.keys(options).length >= MAX_OPTIONS) continue;
    const values = options[name] ?? [];
    if (!values.includes(value) && values.length < MAX_VALUES) options[name] = [...values, value];
  }
  return options;
}

const hasRange = ({ min = null, max = null }) => min !== null || max !== null;
export const chosenCount = ({ options = {} }) =>
  Object.values(options).reduce((sum, values) => sum + values.length, 0);

export function hasFilters(filters) {
  return (
    filters.checked.length > 0 ||
    filters.priceId !== null ||
    hasRange(filters) ||
    chosenCount(filters) > 0
  );
}

// An option value on or off in a set of filters (the phone drawer's draft).
export function withOption(options = {}, name, value, on) {
  const others = (options[name] ?? []).filter((chosen) => chosen !== value);
  const next = { ...options, [name]: on ? [...others, value] : others };
  if (!next[name].length) delete next[name];
  return next;
}

function setOptions(searchParams, options) {
  const next = new URLSearchParams(searchParams);
  [...next.keys()]
    .filter((key) => key.startsWith(OPTION_PREFIX))
    .forEach((key) => next.delete(key));
  Object.entries(options).forEach(([name, values]) =>
    values.forEach((value) => next.append(OPTION_PREFIX + name, value)),
  );
  return next;
}

export function toggleOption(searchParams, name, value, on) {
  return setOptions(searchParams, withOption(readOptions(searchParams), name, value, on));
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
export function withFilters(
  searchParams,
  { checked, priceId, min = null, max = null, options = {} },
) {
  let next = setOptions(searchParams, options);
  next.delete(CATEGORY_PARAM);
  next.delete(PRICE_PARAM);
  checked.forEach((id) => next.append(CATEGORY_PARAM, String(id)));
  next = chooseRange(next, min, max);
  if (priceId !== null && priceId !== undefined) next = choosePrice(next, priceId);
  return next;
}

// The price part of a request: the band's range or the shopper's own, or [] for none.
function radioOf(filters) {
  const band = bandById(filters.priceId);
  if (band) return band.array;
  if (!hasRange(filters)) return [];
  const { min = null, max = null } = filters;
  return min !== null && max !== null && min > max ? [max, min] : [min ?? 0, max];
}

// The body of POST product-filters: category ids, the price range (or []), the page,
// `sort` only when it is not the server's own order and `options` only when some are
// chosen.
export function filterRequest(filters, page, sort = 'newest') {
  return {
    checked: filters.checked,
    radio: radioOf(filters),
    page,
    ...(sort === 'newest' ? {} : { sort }),
    ...(chosenCount(filters) > 0 ? { options: filters.options } : {}),
  };
}

// The body of POST option-facets: the values in use depend on the categories and price
// only (not on the values chosen, so choosing one never hides the others). Ids sorted:
// the same filters ask the same question.
export function facetRequest(filters) {
  return { checked: [...filters.checked].sort(), radio: radioOf(filters) };
}

// The facets to show: the server's, and any chosen value it no longer lists (other
// categories or prices chosen since) with no count, so the shopper can still untick it.
export function shownFacets(facets, options = {}) {
  const shown = facets.map((facet) => ({ ...facet, values: [...facet.values] }));
  Object.entries(options).forEach(([name, values]) => {
    let facet = shown.find((f) => f.name === name);
    if (!facet) {
      facet = { name, values: [] };
      shown.push(facet);
    }
    values
      .filter((value) => !facet.values.some((v) => v.value === value))
      .forEach((value) => facet.values.push({ value, count: null }));
  });
  return shown;
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
// ₹200 to ₹349", "All Products, ₹1,000 or more" or "Phones, up to ₹15,000", then the
// option values ("Shirts, Size M or L"). Ids not (yet) in `categories` are left out.
export function describeFilters(filters, categories) {
  const chosen = Object.entries(filters.options ?? {}).map(([name, values]) =>
    values.length > 1
      ? `${name} ${values.slice(0, -1).join(', ')} or ${values.at(-1)}`
      : `${name} ${values[0]}`,
  );
  return [describeBase(filters, categories), ...chosen].join(', ');
}

function describeBase(filters, categories) {
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
