// Search results (spec section 2): 'No Products Found' or 'Found N', with working cards
// (decision F2). The keyword is also in the URL (?q=), so a reload searches again.
// "Showing results for X" when the results come from a corrected spelling, and
// the categories to browse when nothing matched. Results come best match first; the shopper
// may order them by price, date or rating instead, and narrow them with home's filters
// (the categories among the results, price bands and range, option values in use), all in
// the query string (`?q=tee&price=1&opt.Size=M&sort=price-asc`), so a reload, Back or a
// shared link keeps them. The search call answers one list (never paged) and takes no
// filters: they are applied to its answer here (features/catalog/listing.js).
import { startTransition, useEffect, useOptimistic, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { MESSAGES } from '../constants/messages';
import { useCart } from '../features/cart/CartContext';
import { useSearch } from '../features/search/SearchContext';
import { correctionOf, searchProducts } from '../features/search/api';
import { readSearchSort, SEARCH_SORTS, sortResults } from '../features/search/sorting';
import { readFilters, readOptions } from '../features/catalog/filters';
import { filterResults, resultCategories, resultFacets } from '../features/catalog/listing';
import FilteredList from '../features/catalog/FilteredList';
import ProductGrid from '../components/ProductGrid';
import Loading from '../components/Loading';
import CategoryLinks from '../features/catalog/CategoryLinks';

export default function SearchPage() {
  usePageMeta({ title: 'Search results - ShopSphere' });
  const { values, setValues } = useSearch();
  const { add } = useCart();
  const [urlParams, setSearchParams] = useSearchParams();
  // The URL as the screen shows it: a filter just clicked at once, the URL a moment later.
  const [searchParams, showParams] = useOptimistic(urlParams);
  const sort = readSearchSort(searchParams);
  const q = (searchParams.get('q') ?? '').trim();
  const stale = Boolean(q) && values.query !== q;
  const [failed, setFailed] = useState(null);

  useEffect(() => {
    if (!stale) return undefined;
    let active = true;
    searchProducts(q)
      .then((response) => {
        const { data } = response;
        if (active) {
          setValues((current) => ({
            keyword: current.keyword || q,
            results: Array.isArray(data) ? data : [],
            query: q,
            corrected: correctionOf(response),
          }));
        }
      })
      .catch((error) => {
        console.error('search failed', error);
        if (active) setFailed(q);
      });
    return () => {
      active = false;
    };
  }, [q, stale, setValues]);

  const results = stale ? [] : values.results;
  const corrected = stale ? null : values.corrected;
  const waiting = stale && failed !== q;
  const nothing = !waiting && Boolean(q) && results.length < 1;
  const filters = { ...readFilters(searchParams), options: readOptions(searchParams) };
  const shown = sortResults(filterResults(results, filters), sort);
  const categories = resultCategories(results);

  const onNavigate = (params) =>
    startTransition(() => {
      showParams(params);
      setSearchParams(params);
    });
  const onSort = (value) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'relevance') next.delete('sort');
    else next.set('sort', value);
    onNavigate(next);
  };

  const header = (
    <div className="text-center mb-4">
      <h1 className="h2">Search Results</h1>
      {q && <p className="text-body-secondary mb-1">for &ldquo;{q}&rdquo;</p>}
      {corrected && results.length > 0 && (
        <p className="mb-1">
          Showing results for <strong>{corrected}</strong>
        </p>
      )}
      {waiting ? (
        <Loading label="Searching ..." />
      ) : (
        <p className="fs-5" aria-live="polite">
          {shown.length < 1 ? MESSAGES.noProducts : `Found ${shown.length}`}
        </p>
      )}
    </div>
  );

  if (results.length < 1) {
    return (
      <div className="container py-4">
        {header}
        {nothing && <CategoryLinks />}
      </div>
    );
  }
  return (
    <div className="container-fluid py-4 px-lg-4">
      <FilteredList
        idPrefix="search"
        label="Filters"
        searchParams={searchParams}
        onNavigate={onNavigate}
        filters={filters}
        facets={resultFacets(results, filters)}
        categories={categories}
        sorts={SEARCH_SORTS}
        sort={sort}
        onSort={onSort}
        countOf={(draft) => filterResults(results, draft).length}
        useDraftFacets={(draft) => resultFacets(results, draft)}
        header={header}
      >
        <ProductGrid products={shown} onAdd={add} />
      </FilteredList>
    </div>
  );
}
