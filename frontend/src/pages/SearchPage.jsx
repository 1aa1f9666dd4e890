// Search results (spec section 2): 'No Products Found' or 'Found N', with working cards
// (decision F2). The keyword is also in the URL (?q=), so a reload searches again.
// "Showing results for X" when the results come from a corrected spelling, and
// the categories to browse when nothing matched. Results come best match first; the shopper
// may order them by price or date instead (?sort=, kept on reload).
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { MESSAGES } from '../constants/messages';
import { useCart } from '../features/cart/CartContext';
import { useSearch } from '../features/search/SearchContext';
import { correctionOf, searchProducts } from '../features/search/api';
import { readSearchSort, SEARCH_SORTS, sortResults } from '../features/search/sorting';
import ProductGrid from '../components/ProductGrid';
import Loading from '../components/Loading';
import CategoryLinks from '../features/catalog/CategoryLinks';

export default function SearchPage() {
  usePageMeta({ title: 'Search results - ShopSphere' });
  const { values, setValues } = useSearch();
  const { add } = useCart();
  const [searchParams, setSearchParams] = useSearchParams();
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

  return (
    <div className="container py-4">
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
            {results.length < 1 ? MESSAGES.noProducts : `Found ${results.length}`}
          </p>
        )}
      </div>
      {results.length > 1 && (
        <div className="d-flex justify-content-end align-items-center gap-2 mb-3">
          <label htmlFor="search-sort" className="form-label mb-0">
            Sort by
          </label>
          <select
            id="search-sort"
            className="form-select form-select-sm w-auto"
            value={sort}
            onChange={(event) => {
              const next = new URLSearchParams(searchParams);
              if (event.target.value === 'relevance') next.delete('sort');
              else next.set('sort', event.target.value);
              setSearchParams(next, { replace: true });
            }}
          >
            {SEARCH_SORTS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      )}
      <ProductGrid products={sortResults(results, sort)} onAdd={add} />
      {nothing && <CategoryLinks />}
    </div>
  );
}
