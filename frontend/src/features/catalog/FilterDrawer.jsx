// Phones (390 px): the filters open in a drawer instead of filling the first screen above
// the results. Choices are a draft until Apply, whose label says how many products match
// them (asked from the server as they change); Cancel or closing keeps the current filters.
import { useEffect, useState } from 'react';
import Offcanvas from '../../components/ui/Offcanvas';
import { filterProducts, getProductCount } from './api';
import { filterRequest, hasFilters, withOption } from './filters';
import FilterFields from './FilterFields';
import { useOptionFacets } from './useOptionFacets';

const EMPTY = { checked: [], priceId: null, min: null, max: null, options: {} };

export const showLabel = (count) => `Show ${count} ${count === 1 ? 'product' : 'products'}`;

// How many products match `draft` ({ key, count }; the key says which draft it was for).
function useMatchCount(open, draft) {
  const key = JSON.stringify(draft);
  const [answer, setAnswer] = useState({ key: null, count: null });
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    const current = JSON.parse(key);
    const ask = hasFilters(current)
      ? filterProducts(filterRequest(current, 1)).then(({ data }) => Number(data.total))
      : getProductCount().then(({ data }) => Number(data.total));
    ask
      .then((count) => live && setAnswer({ key, count }))
      .catch(() => live && setAnswer({ key, count: null }));
    return () => {
      live = false;
    };
  }, [open, key]);
  return answer.key === key ? answer.count : undefined;
}

export default function FilterDrawer({ open, onClose, filters, onApply, ...categoryProps }) {
  const [draft, setDraft] = useState(filters);
  const [opened, setOpened] = useState(false);
  // Each opening starts from the filters in force (derived state, set while rendering).
  if (open && !opened) {
    setOpened(true);
    setDraft(filters);
  }
  if (!open && opened) setOpened(false);
  const count = useMatchCount(open, draft);
  // The option values in use for the draft's categories and price (not the page's).
  const facets = useOptionFacets(draft, open);

  const onCategory = (id, on) =>
    setDraft((current) => ({
      ...current,
      checked: on ? [...current.checked, id] : current.checked.filter((value) => value !== id),
    }));
  const onPrice = (id) =>
    setDraft((current) => ({ ...current, priceId: String(id), min: null, max: null }));
  const onRange = (min, max) =>
    setDraft((current) => ({
      ...current,
      priceId: null,
      min: min === null ? null : Number(min),
      max: max === null ? null : Number(max),
    }));

  const onOption = (name, value, on) =>
    setDraft((current) => ({ ...current, options: withOption(current.options, name, value, on) }));

  let applyLabel = 'Counting ...';
  if (count === null) applyLabel = 'Apply';
  else if (count !== undefined) applyLabel = showLabel(count);

  return (
    <Offcanvas
      open={open}
      onClose={onClose}
      title="Filters"
      footer={
        <div className="d-flex gap-2">
          <button type="button" className="btn btn-outline-danger" onClick={() => setDraft(EMPTY)}>
            Clear
          </button>
          <button
            type="button"
            className="btn btn-primary flex-fill"
            aria-live="polite"
            onClick={() => onApply(draft)}
          >
            {applyLabel}
          </button>
        </div>
      }
    >
      <FilterFields
        idPrefix="drawer"
        filters={draft}
        onCategory={onCategory}
        onPrice={onPrice}
        onRange={onRange}
        facets={facets}
        onOption={onOption}
        {...categoryProps}
      />
    </Offcanvas>
  );
}
