// Home, the product listing (spec sections 2 and 4): category checkboxes, the price bands
// of decision F1, the option values in use (Size, Colour ...) and RESET FILTERS on the left;
// product cards with Load More on the right.
// Filters live in the URL, so a reload keeps them; filtered results are paged like the
// plain list (the contract's `page` on product-filters).
import { startTransition, useCallback, useEffect, useOptimistic, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { readHomeAnswer } from '../lib/initialData';
import { MESSAGES } from '../constants/messages';
import { useCart } from '../features/cart/CartContext';
import { useCategories } from '../features/catalog/useCategories';
import { filterProducts, getProductCount, getProductList } from '../features/catalog/api';
import {
  chooseRange,
  chooseSort,
  choosePrice,
  chosenCount,
  describeFilters,
  filterRequest,
  hasFilters,
  readFilters,
  readOptions,
  readSort,
  SORTS,
  toggleCategory,
  toggleOption,
  withFilters,
} from '../features/catalog/filters';
import { useOptionFacets } from '../features/catalog/useOptionFacets';
import FilterDrawer from '../features/catalog/FilterDrawer';
import FilterFields from '../features/catalog/FilterFields';
import ProductGrid from '../components/ProductGrid';
import Loading from '../components/Loading';
import LoadMoreButton from '../components/ui/LoadMoreButton';
import CategoryLinks from '../features/catalog/CategoryLinks';

// How long the screen waits for the category filters before showing the products anyway:
// the call has no timeout, and one that never answers must not hide the products for good.
const CATEGORY_WAIT_MS = 3000;

// True once `ms` have passed and `ready` is still false; it stays true, so the screen
// keeps the space it gave the late part.
function useLate(ready, ms) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (ready) return undefined;
    const timer = setTimeout(() => setLate(true), ms);
    return () => clearTimeout(timer);
  }, [ready, ms]);
  return late;
}

// Categories, price and option values, all from the query string.
const readAll = (params) => ({ ...readFilters(params), options: readOptions(params) });

// The plain list is newest first; filters or another order go through product-filters.
const filtered = (filters, sort) => hasFilters(filters) || sort !== 'newest';

// The unfiltered list's first page and total as the server's page carries them (on the
// first visit to `/`), else null.
function firstPageFromServer(params) {
  if (filtered(readAll(params), readSort(params))) return null;
  const products = readHomeAnswer('productList')?.products;
  const total = readHomeAnswer('productCount')?.total;
  return Array.isArray(products) && Number.isInteger(total) ? { products, total } : null;
}

async function fetchPage(filters, page, sort) {
  if (filtered(filters, sort)) {
    const { data } = await filterProducts(filterRequest(filters, page, sort));
    return { products: data.products ?? [], total: data.total };
  }
  const { data } = await getProductList(page);
  return { products: data.products ?? [], total: undefined };
}

export default function HomePage() {
  usePageMeta();
  const { add } = useCart();
  const { categories, loaded: categoriesLoaded, failed: categoriesFailed } = useCategories();
  const categoriesLate = useLate(categoriesLoaded, CATEGORY_WAIT_MS);
  const [urlParams, setSearchParams] = useSearchParams();
  // The URL as the screen shows it: a filter just clicked at once, the URL a moment later.
  const [searchParams, showParams] = useOptimistic(urlParams);
  const query = searchParams.toString();
  // The first visit to `/` starts with the list the server's page carries; the query it
  // is for is not fetched again (until the filters change).
  const [seed] = useState(() => {
    const first = firstPageFromServer(urlParams);
    return first && { query: urlParams.toString(), products: first.products, total: first.total };
  });
  const seededQuery = useRef(seed?.query ?? null);
  const [state, setState] = useState(
    seed ? { ...seed, page: 1 } : { query: null, products: [], page: 1, total: 0 },
  );
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);

  const filters = readAll(searchParams);
  const facets = useOptionFacets(filters);

  // A new filter (or none) replaces the list with its first page.
  useEffect(() => {
    if (seededQuery.current === query) return;
    seededQuery.current = null;
    const ticket = ++latest.current;
    const params = new URLSearchParams(query);
    const current = readAll(params);
    const order = readSort(params);
    setLoading(true);
    const total = filtered(current, order)
      ? Promise.resolve(null)
      : getProductCount().then(({ data }) => data.total);
    Promise.all([fetchPage(current, 1, order), total])
      .then(([first, count]) => {
        if (ticket !== latest.current) return;
        setState({
          query,
          products: first.products,
          page: 1,
          total: Number(first.total ?? count ?? first.products.length),
        });
      })
      .catch((error) => {
        console.error('products could not be loaded', error);
        if (ticket === latest.current) setState({ query, products: [], page: 1, total: 0 });
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [query]);

  const loadMore = useCallback(() => {
    const ticket = ++latest.current;
    const next = state.page + 1;
    setLoading(true);
    const params = new URLSearchParams(query);
    fetchPage(readAll(params), next, readSort(params))
      .then(({ products }) => {
        if (ticket !== latest.current) return;
        setState((current) => ({
          ...current,
          page: next,
          products: [...current.products, ...products],
          // An empty page means the total shrank meanwhile: stop offering more.
          total: products.length ? current.total : current.products.length,
        }));
      })
      .catch((error) => console.error('more products could not be loaded', error))
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [query, state.page]);

  // The checkboxes are controlled by the URL. React Router renders a move as a
  // transition, which would leave a just-clicked box unticked until it commits; the
  // optimistic params are rendered within the event and give way to the URL's after.
  const navigateNow = (params) =>
    startTransition(() => {
      showParams(params);
      setSearchParams(params);
    });
  const onCategory = (id, on) => navigateNow(toggleCategory(searchParams, id, on));
  const onPrice = (id) => navigateNow(choosePrice(searchParams, id));
  const onRange = (min, max) => navigateNow(chooseRange(searchParams, min, max));
  const onOption = (name, value, on) => navigateNow(toggleOption(searchParams, name, value, on));
  const sort = readSort(searchParams);
  const onReset = () => navigateNow(new URLSearchParams());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const onApply = (draft) => {
    setDrawerOpen(false);
    navigateNow(withFilters(searchParams, draft));
  };
  const priced = filters.priceId !== null || filters.min !== null || filters.max !== null;
  const active = filters.checked.length + (priced ? 1 : 0) + chosenCount(filters);
  const categoryProps = {
    categories,
    categoriesLoaded,
    categoriesFailed,
    categoriesLate,
  };

  const { products, total } = state;
  const fresh = state.query === query;

  // The screen waits for the category filters (products load meanwhile): on a phone they
  // sit above the price filters and the list, and arriving late they would push both down
  // (Cumulative Layout Shift). It waits a short while only; after that the list shows and
  // the filters come into a box kept for them. A failed call leaves them out (it is only
  // logged, spec section 8).
  if (!categoriesLoaded && !categoriesLate) return <Loading />;

  return (
    <div className="container-fluid py-4 px-lg-4">
      <div className="row g-4">
        {/* Wide screens: the filters in a side card. Phones: a Filters button opens them in a
            drawer, so the results start on the first screen. */}
        <aside className="col-md-3 col-xl-2 d-none d-md-block" aria-label="Filters">
          <div className="card filter-card shadow-sm">
            <div className="card-body">
              <FilterFields
                idPrefix="filter"
                filters={filters}
                onCategory={onCategory}
                onPrice={onPrice}
                onRange={onRange}
                facets={facets}
                onOption={onOption}
                {...categoryProps}
              />
              <button type="button" className="btn btn-danger w-100" onClick={onReset}>
                RESET FILTERS
              </button>
            </div>
          </div>
        </aside>
        <section className="col-md-9 col-xl-10" aria-labelledby="home-heading">
          <h1 id="home-heading" className="text-center h2 mb-1">
            {describeFilters(filters, categories)}
          </h1>
          <div className="d-flex flex-wrap align-items-center justify-content-center gap-2 mb-3 mb-md-4">
            <p className="text-body-secondary mb-0" aria-live="polite">
              {fresh
                ? `Showing ${products.length} of ${total} ${total === 1 ? 'product' : 'products'}`
                : ''}
            </p>
            <label htmlFor="home-sort" className="visually-hidden">
              Sort by
            </label>
            <select
              id="home-sort"
              className="form-select form-select-sm w-auto"
              value={sort}
              onChange={(event) => navigateNow(chooseSort(searchParams, event.target.value))}
            >
              {SORTS.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="d-flex d-md-none gap-2 mb-3">
            <button
              type="button"
              className="btn btn-outline-dark flex-fill"
              aria-haspopup="dialog"
              onClick={() => setDrawerOpen(true)}
            >
              Filters{active ? ` (${active})` : ''}
            </button>
            {active ? (
              <button type="button" className="btn btn-outline-danger" onClick={onReset}>
                RESET FILTERS
              </button>
            ) : null}
          </div>
          <FilterDrawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            filters={filters}
            onApply={onApply}
            {...categoryProps}
          />
          {/* A new filter: say so above the list, and dim the old results until the new
              ones arrive (they are not what was asked for any more). */}
          {!fresh && loading && <Loading label="Loading products ..." />}
          {fresh && products.length === 0 && !loading ? (
            <>
              <p className="text-center fs-5">{MESSAGES.noProducts}</p>
              <CategoryLinks />
            </>
          ) : (
            <div className={fresh ? undefined : 'opacity-50'} aria-busy={!fresh}>
              <ProductGrid products={products} onAdd={add} />
            </div>
          )}
          {fresh && (
            <div className="text-center my-4">
              <LoadMoreButton
                loaded={products.length}
                total={total}
                loading={loading}
                onClick={loadMore}
                className="px-4"
              />
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
