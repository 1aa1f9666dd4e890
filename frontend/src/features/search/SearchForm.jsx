// The navbar search box (spec section 2 and 4): the keyword updates as typed; a blank
// keyword sends nothing and says so (decision F6); on success the results are stored and
// the shopper goes to /search?q=keyword (the query keeps the results across a reload).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { searchProducts } from './api';
import { useSearch } from './SearchContext';

// Long enough for any real search; short enough that the address stays under the
// server's request-line limit (4 KB) even in Devanagari or emoji, percent-encoded.
export const SEARCH_MAX_LENGTH = 200;

export function searchPath(keyword) {
  return `${paths.search}?q=${encodeURIComponent(keyword)}`;
}

export default function SearchForm() {
  const { values, setValues } = useSearch();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event) => {
    event.preventDefault();
    const keyword = values.keyword.trim();
    if (!keyword) {
      toast.error(MESSAGES.emptySearch, { id: 'empty-search' });
      return;
    }
    setBusy(true);
    try {
      const { data } = await searchProducts(keyword);
      setValues((current) => ({
        ...current,
        results: Array.isArray(data) ? data : [],
        query: keyword,
      }));
      navigate(searchPath(keyword));
    } catch (error) {
      console.error('search failed', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="d-flex my-2 my-lg-0" role="search" onSubmit={onSubmit}>
      <label htmlFor="navbar-search" className="visually-hidden">
        Search products
      </label>
      <input
        id="navbar-search"
        className="form-control me-2"
        type="search"
        placeholder="Search"
        autoComplete="off"
        maxLength={SEARCH_MAX_LENGTH}
        value={values.keyword}
        onChange={(event) => setValues((current) => ({ ...current, keyword: event.target.value }))}
      />
      <button className="btn btn-outline-success" type="submit" disabled={busy}>
        Search
      </button>
    </form>
  );
}
