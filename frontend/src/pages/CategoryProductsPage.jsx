// Products of one category (spec section 2): 'Category - name', 'N results found' (N the
// category's whole count, or the filtered count, not the page's) and cards whose More
// Details and Add to Cart work (decision F2). Paged like home: the first page, then Load
// More. Home's filters and sort beside them (features/catalog/FilteredList), the category
// fixed: price band or range, the option values in use in the category, and the order,
// all in the query string (`?price=1&opt.Size=M&sort=price-asc`), so a reload, Back or a
// shared link keeps them. Unfiltered and newest first, the list is the category call's
// (the server's page carries its first page); otherwise product-filters' with the
// category's id.
import { startTransition, useCallback, useEffect, useOptimistic, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../constants/messages';
import { usePageMeta } from '../lib/usePageMeta';
import { readInitialData } from '../lib/initialData';
import { paths } from '../config/paths';
import { useCart } from '../features/cart/CartContext';
import { filterProducts, getCategory, getCategoryProducts } from '../features/catalog/api';
import {
  chooseSort,
  filterRequest,
  hasFilters,
  readFilters,
  readOptions,
  readSort,
  SORTS,
} from '../features/catalog/filters';
import { useOptionFacets } from '../features/catalog/useOptionFacets';
import FilteredList from '../features/catalog/FilteredList';
import ProductGrid from '../components/ProductGrid';
import CategoryLinks from '../features/catalog/CategoryLinks';
import Loading from '../components/Loading';
import LoadMoreButton from '../components/ui/LoadMoreButton';

const EMPTY = { slug: null, key: null, category: null, products: [], page: 1, total: 0 };

// Price and option values from the query string; the category is the page's own (a
// `category` parameter is ignored).
const readAll = (params) => ({ ...readFilters(params), checked: [], options: readOptions(params) });
const narrowed = (params) => hasFilters(readAll(params)) || readSort(params) !== 'newest';
const inCategory = (filters, category) => ({ ...filters, checked: [String(category._id)] });

// The first state: from the data the server rendered the page with (its first page, when
// the address asks for the whole category newest first), so the first render matches the
// HTML and the first page is not fetched again.
function initialState(slug, params) {
  const initial = readInitialData('category', slug);
  if (!initial) return EMPTY;
  const category = initial.category ?? null;
  if (narrowed(params)) return { ...EMPTY, category, slug: category && slug };
  const products = initial.products ?? [];
  return {
    slug,
    key: `${slug}?${params}`,
    category,
    products,
    page: 1,
    total: Number(initial.total ?? products.length),
  };
}

// One page of the category as the query string asks: `category` is the one known for this
// slug, else it is asked for first (product-filters needs its id).
async function fetchPage(slug, known, params, page) {
  if (!narrowed(params)) {
    const { data } = await getCategoryProducts(slug, page);
    const products = data.products ?? [];
    return { category: data.category, products, total: Number(data.total ?? products.length) };
  }
  const category = known ?? (await getCategory(slug)).data.category;
  const request = filterRequest(inCategory(readAll(params), category), page, readSort(params));
  const { data } = await filterProducts(request);
  const products = data.products ?? [];
  return { category, products, total: Number(data.total ?? products.length) };
}

export default function CategoryProductsPage() {
  const { slug } = useParams();
  const { add } = useCart();
  const [urlParams, setSearchParams] = useSearchParams();
  // The URL as the screen shows it: a filter just clicked at once, the URL a moment later.
  const [searchParams, showParams] = useOptimistic(urlParams);
  const query = searchParams.toString();
  const key = `${slug}?${query}`;
  const [state, setState] = useState(() => initialState(slug, urlParams));
  // Loading from the first render when the server's page did not carry this list.
  const [loading, setLoading] = useState(state.key !== key);
  const latest = useRef(0);
  // The list the server already gave the first page of (nothing to fetch for it).
  const given = useRef(state.key);
  // The category of this slug once known (kept while its filters change).
  const known = state.slug === slug ? state.category : null;
  const knownRef = useRef(known);
  useEffect(() => {
    knownRef.current = known;
  });

  useEffect(() => {
    if (given.current === key) return;
    given.current = null;
    const ticket = ++latest.current;
    setLoading(true);
    fetchPage(slug, knownRef.current, new URLSearchParams(query), 1)
      .then(({ category, products, total }) => {
        if (ticket !== latest.current) return;
        setState({ slug, key, category, products, page: 1, total });
      })
      .catch((error) => {
        console.error('category products could not be loaded', error);
        // A category known stays (its filters failed, not the category).
        if (ticket === latest.current)
          setState({ ...EMPTY, slug, key, category: knownRef.current });
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [slug, query, key]);

  const loadMore = useCallback(() => {
    const ticket = ++latest.current;
    const next = state.page + 1;
    setLoading(true);
    fetchPage(slug, state.category, new URLSearchParams(query), next)
      .then(({ products, total }) => {
        if (ticket !== latest.current) return;
        setState((current) => ({
          ...current,
          page: next,
          products: [...current.products, ...products],
          // An empty page means the list shrank meanwhile: stop offering more.
          total: products.length ? total : current.products.length,
        }));
      })
      .catch((error) => console.error('more category products could not be loaded', error))
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [slug, query, state.page, state.category]);

  const filters = readAll(searchParams);
  const sort = readSort(searchParams);
  const { category, products, total } = state;
  // The option values in use in the category at this price (asked once the category is
  // known); the drawer asks the same for its draft.
  const facets = useOptionFacets(known ? inCategory(filters, known) : filters, Boolean(known));
  const useDraftFacets = (draft, open) =>
    useOptionFacets(known ? inCategory(draft, known) : draft, open && Boolean(known));
  const countOf = (draft) =>
    filterProducts(filterRequest(inCategory(draft, known), 1)).then(({ data }) => data.total);
  usePageMeta({ title: category ? `${category.name} - ShopSphere` : 'Category - ShopSphere' });

  // A move renders as a transition; the optimistic params show a click at once.
  const onNavigate = (params) =>
    startTransition(() => {
      showParams(params);
      setSearchParams(params);
    });

  if (state.slug !== slug) return <Loading />;
  if (!category) {
    return (
      <div className="container py-5 text-center">
        <h1 className="h3">Category not found</h1>
        <p>We could not find this category.</p>
        <Link className="btn btn-primary" to={paths.categories}>
          See All Categories
        </Link>
      </div>
    );
  }
  const fresh = state.key === key;
  const filtered = narrowed(searchParams);
  return (
    <div className="container-fluid py-4 px-lg-4">
      <FilteredList
        idPrefix="category"
        label="Filters"
        searchParams={searchParams}
        onNavigate={onNavigate}
        filters={filters}
        facets={facets}
        sorts={SORTS}
        sort={sort}
        onSort={(value) => onNavigate(chooseSort(searchParams, value))}
        countOf={countOf}
        useDraftFacets={useDraftFacets}
        header={
          <>
            <h1 className="h2 text-center">Category - {category.name}</h1>
            <p className="text-center fs-5 mb-3" aria-live="polite">
              {fresh ? MESSAGES.resultsFound(total) : ''}
            </p>
          </>
        }
      >
        {!fresh && loading && <Loading label="Loading products ..." />}
        <div className={fresh ? undefined : 'opacity-50'} aria-busy={!fresh}>
          <ProductGrid products={products} onAdd={add} />
        </div>
        {fresh && total === 0 && !loading ? (
          <>
            {filtered && <p className="text-center fs-5">{MESSAGES.noProducts}</p>}
            <CategoryLinks exclude={category.slug} />
          </>
        ) : null}
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
      </FilteredList>
    </div>
  );
}
