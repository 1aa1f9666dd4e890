// The filters of the category and search pages (lazy screens), next to home's in
// filters.js: the same query string (`price`, `min`/`max`, `opt.<name>`, `sort`), read by
// filters.js's readers. Kept in a module of its own so that home's first bundle does not
// carry them.
//
// Search answers one list (at most SEARCH_RESULTS_LIMIT products, never paged) and its
// call takes no filters, so its results are filtered, counted and faceted here, with
// product-filters' rules: a category among those ticked, a price in force within the band
// or range, and for each option chosen a variant sold in one of its values.
import { bandById } from '../../constants/priceBands';
import { CATEGORY_PARAM, OPTION_PREFIX, PRICE_PARAM, SORT_PARAM } from './filters';

// --- natural order --------------------------------------------------------------------

// Clothing sizes as shoppers expect them (the server's facets use the same order:
// catalog/selectors/products.py, natural_order).
const SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];
const SIZE_RANK = new Map(SIZES.map((size, n) => [size, n]));
[
  ['2XS', 'XXS'],
  ['2XL', 'XXL'],
  ['XXXL', '3XL'],
  ['SMALL', 'S'],
  ['MEDIUM', 'M'],
  ['LARGE', 'L'],
].forEach(([alias, size]) => SIZE_RANK.set(alias, SIZE_RANK.get(size)));

const NUMBER = /(\d+(?:\.\d+)?)/;

// Text and numbers alternate in the parts (split keeps the numbers at odd places).
function parts(value) {
  return value.trim().toLocaleLowerCase('en').split(NUMBER);
}

// Sizes first in their order, then the rest with numbers read as numbers: "UK 6" before
// "UK 10", "2" before "10"; text by letters, case aside.
export function naturalCompare(a, b) {
  const [sizeA, sizeB] = [a, b].map((v) => SIZE_RANK.get(v.trim().toUpperCase()));
  if (sizeA !== undefined || sizeB !== undefined) {
    if (sizeA === undefined) return 1;
    if (sizeB === undefined) return -1;
    return sizeA - sizeB;
  }
  const [left, right] = [parts(a), parts(b)];
  for (let n = 0; n < Math.min(left.length, right.length); n += 1) {
    if (left[n] !== right[n]) {
      if (n % 2) return Number(left[n]) - Number(right[n]) || (left[n] < right[n] ? -1 : 1);
      return left[n] < right[n] ? -1 : 1;
    }
  }
  return left.length - right.length;
}

// --- the query string -----------------------------------------------------------------

// RESET FILTERS: the filters and the order go, anything else stays (search's `q`).
export function clearFilters(searchParams) {
  const next = new URLSearchParams(searchParams);
  [...next.keys()]
    .filter(
      (key) =>
        key.startsWith(OPTION_PREFIX) ||
        [CATEGORY_PARAM, PRICE_PARAM, SORT_PARAM, 'min', 'max'].includes(key),
    )
    .forEach((key) => next.delete(key));
  return next;
}

// How many filters are chosen (the phone's "Filters (N)"): categories, one for the
// price, each option value.
export function activeCount(filters) {
  const priced = filters.priceId !== null || filters.min !== null || filters.max !== null;
  const values = Object.values(filters.options ?? {}).reduce((sum, v) => sum + v.length, 0);
  return filters.checked.length + (priced ? 1 : 0) + values;
}

// --- search results filtered here -----------------------------------------------------

// [low, high] of the band or the shopper's range (an end of null is open), else null.
function priceRangeOf(filters) {
  const band = bandById(filters.priceId);
  if (band) return band.array;
  const { min = null, max = null } = filters;
  if (min === null && max === null) return null;
  return min !== null && max !== null && min > max ? [max, min] : [min, max];
}

function inCategoryAndPrice(product, filters) {
  if (filters.checked.length && !filters.checked.includes(String(product.category?._id))) {
    return false;
  }
  const range = priceRangeOf(filters);
  if (!range) return true;
  const price = Number(product.price);
  return (range[0] === null || price >= range[0]) && (range[1] === null || price <= range[1]);
}

const variantsOf = (product) => (Array.isArray(product.variants) ? product.variants : []);

// A variant sold in one of the chosen values of every option chosen.
function soldIn(product, options) {
  const chosen = Object.entries(options ?? {});
  if (!chosen.length) return true;
  return variantsOf(product).some((variant) =>
    chosen.every(([name, values]) => values.includes(variant.options?.[name])),
  );
}

export function filterResults(products, filters) {
  return products.filter(
    (product) => inCategoryAndPrice(product, filters) && soldIn(product, filters.options),
  );
}

// The categories of the results, in the order they first come.
export function resultCategories(products) {
  const seen = new Map();
  products.forEach(({ category }) => {
    if (category?._id !== undefined && !seen.has(String(category._id))) {
      seen.set(String(category._id), category);
    }
  });
  return [...seen.values()];
}

// The option values in use among the results of these categories and price, each with
// how many of them are sold in it, as option-facets answers: the options most products
// have first, values in natural order.
export function resultFacets(products, filters) {
  const counts = new Map();
  products
    .filter((product) => inCategoryAndPrice(product, filters))
    .forEach((product) => {
      const seen = new Set();
      variantsOf(product).forEach((variant) =>
        Object.entries(variant.options ?? {}).forEach(([name, value]) => {
          if (typeof value !== 'string' || seen.has(`${name}\n${value}`)) return;
          seen.add(`${name}\n${value}`);
          if (!counts.has(name)) counts.set(name, new Map());
          counts.get(name).set(value, (counts.get(name).get(value) ?? 0) + 1);
        }),
      );
    });
  const facets = [...counts].map(([name, values]) => ({
    name,
    values: [...values]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => naturalCompare(a.value, b.value)),
  }));
  const total = (facet) => facet.values.reduce((sum, v) => sum + v.count, 0);
  return facets.sort((a, b) => total(b) - total(a) || (a.name < b.name ? -1 : 1));
}
