// Category select with search: a filter box narrows the options of a native select, so
// keyboard and screen-reader use are the browser's own. The chosen option always stays.
import { useEffect, useId, useState } from 'react';

export default function CategoryPicker({ categories, value, onChange, error }) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const selectId = useId();
  const needle = query.trim().toLowerCase();
  const shown = categories.filter(
    (category) =>
      String(category._id) === String(value) || category.name.toLowerCase().includes(needle),
  );
  const matches = shown.filter((category) => category.name.toLowerCase().includes(needle));
  const onlyMatch = needle && matches.length === 1 ? String(matches[0]._id) : null;

  // One match left: choose it, as a searchable select would. This runs when the matches
  // change (typing, or the category list arriving after the admin typed), not when the
  // admin picks another option by hand.
  useEffect(() => {
    if (onlyMatch) onChange(onlyMatch);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onChange is a new function each render
  }, [onlyMatch]);

  return (
    <div className="row g-2">
      <div className="col-sm-5">
        <label htmlFor={searchId} className="form-label">
          Search categories
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control"
          placeholder="Type to filter"
          value={query}
          onKeyDown={(event) => {
            // Enter picks the first match instead of submitting the product form.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (matches.length > 0) onChange(String(matches[0]._id));
          }}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div className="col-sm-7">
        <label htmlFor={selectId} className="form-label">
          Category
        </label>
        <select
          id={selectId}
          className={`form-select${error ? ' is-invalid' : ''}`}
          data-field="category"
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${selectId}-error` : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Select a category</option>
          {shown.map((category) => (
            <option key={category._id} value={String(category._id)}>
              {category.name}
            </option>
          ))}
        </select>
        {error ? (
          <div id={`${selectId}-error`} className="invalid-feedback d-block">
            {error}
          </div>
        ) : null}
        {needle && matches.length === 0 ? (
          <div className="form-text" role="status">
            No category matches
          </div>
        ) : null}
      </div>
    </div>
  );
}
