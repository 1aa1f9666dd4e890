// The search results' orders. The search call answers best matches first (relevance, the
// default); the other orders rearrange those results here, ties kept in relevance order.
export const SEARCH_SORTS = [
  { value: 'relevance', label: 'Best match' },
  { value: 'price-asc', label: 'Price, low to high' },
  { value: 'price-desc', label: 'Price, high to low' },
  { value: 'newest', label: 'Newest first' },
  { value: 'rating', label: 'Top rated' },
];

const time = (product) => Date.parse(product.createdAt) || 0;
// As product-filters' `rating` order: highest average first, then more reviews; unrated last.
const stars = (product) => (product.rating?.count > 0 ? Number(product.rating.average) : -1);
const COMPARE = {
  'price-asc': (a, b) => Number(a.price) - Number(b.price),
  'price-desc': (a, b) => Number(b.price) - Number(a.price),
  newest: (a, b) => time(b) - time(a),
  rating: (a, b) => stars(b) - stars(a) || (b.rating?.count ?? 0) - (a.rating?.count ?? 0),
};

export function readSearchSort(searchParams) {
  const sort = searchParams.get('sort');
  return SEARCH_SORTS.some((s) => s.value === sort) ? sort : 'relevance';
}

export function sortResults(products, sort) {
  const compare = COMPARE[sort];
  return compare ? [...products].sort(compare) : products;
}
