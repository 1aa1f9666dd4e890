// The category and search pages' frame around their results, as home's: the filters
// (price bands and range, option values, `categories` where the page offers them) in a side
// card on wide screens and in a drawer on phones, RESET FILTERS, and the sort. The page
// owns the query string and the results; this draws the controls and hands back a new
// query string (`onNavigate`).
//
// The drawer works as home's (FilterDrawer: a draft until Apply, "Show N products"), with
// two things the page gives: how many results a draft would show (`countOf`, a number or
// a promise of one) and the option values in use for a draft (`useDraftFacets(draft,
// open)`, a hook). Clear empties the draft. The fields are ListFilterFields, home's drawn
// alike (why a copy: see there).
import { useEffect, useRef, useState } from 'react';
import Offcanvas from '../../components/ui/Offcanvas';
import ListFilterFields from './ListFilterFields';
import {
  chooseRange,
  choosePrice,
  toggleCategory,
  toggleOption,
  withFilters,
  withOption,
} from './filters';
import { activeCount, clearFilters } from './listing';

const EMPTY = { checked: [], priceId: null, min: null, max: null, options: {} };

// As home's drawer says it (FilterDrawer's showLabel, not imported: see ListFilterFields).
const showLabel = (count) => `Show ${count} ${count === 1 ? 'product' : 'products'}`;

function useDraftCount(open, draft, countOf) {
  const key = JSON.stringify(draft);
  const countRef = useRef(countOf);
  useEffect(() => {
    countRef.current = countOf;
  });
  const [answer, setAnswer] = useState({ key: null, count: null });
  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    Promise.resolve()
      .then(() => countRef.current(JSON.parse(key)))
      .then((count) => live && setAnswer({ key, count: Number(count) }))
      .catch(() => live && setAnswer({ key, count: null }));
    return () => {
      live = false;
    };
  }, [open, key]);
  return answer.key === key ? answer.count : undefined;
}

function ListFilterDrawer({ open, onClose, filters, onApply, countOf, useDraftFacets, fields }) {
  const [draft, setDraft] = useState(filters);
  const [opened, setOpened] = useState(false);
  // Each opening starts from the filters in force (derived state, set while rendering).
  if (open && !opened) {
    setOpened(true);
    setDraft(filters);
  }
  if (!open && opened) setOpened(false);
  const count = useDraftCount(open, draft, countOf);
  const facets = useDraftFacets(draft, open);

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
      <ListFilterFields
        {...fields}
        idPrefix={`${fields.idPrefix}-drawer`}
        filters={draft}
        facets={facets}
        onCategory={(id, on) =>
          setDraft((current) => ({
            ...current,
            checked: on ? [...current.checked, id] : current.checked.filter((v) => v !== id),
          }))
        }
        onPrice={(id) =>
          setDraft((current) => ({ ...current, priceId: String(id), min: null, max: null }))
        }
        onRange={(min, max) =>
          setDraft((current) => ({
            ...current,
            priceId: null,
            min: min === null ? null : Number(min),
            max: max === null ? null : Number(max),
          }))
        }
        onOption={(name, value, on) =>
          setDraft((current) => ({
            ...current,
            options: withOption(current.options, name, value, on),
          }))
        }
      />
    </Offcanvas>
  );
}

export default function FilteredList({
  idPrefix,
  label,
  searchParams,
  onNavigate,
  filters,
  facets,
  categories = null,
  sorts,
  sort,
  onSort,
  countOf,
  useDraftFacets,
  header,
  children,
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const active = activeCount(filters);
  const onReset = () => onNavigate(clearFilters(searchParams));
  const fields = { idPrefix, categories };

  return (
    <div className="row g-4">
      <aside className="col-md-3 col-xl-2 d-none d-md-block" aria-label={label}>
        <div className="card filter-card shadow-sm">
          <div className="card-body">
            <ListFilterFields
              {...fields}
              idPrefix={`${idPrefix}-filter`}
              filters={filters}
              facets={facets}
              onCategory={(id, on) => onNavigate(toggleCategory(searchParams, id, on))}
              onPrice={(id) => onNavigate(choosePrice(searchParams, id))}
              onRange={(min, max) => onNavigate(chooseRange(searchParams, min, max))}
              onOption={(name, value, on) =>
                onNavigate(toggleOption(searchParams, name, value, on))
              }
            />
            <button type="button" className="btn btn-danger w-100" onClick={onReset}>
              RESET FILTERS
            </button>
          </div>
        </div>
      </aside>
      <section className="col-md-9 col-xl-10">
        {header}
        <div className="d-flex flex-wrap align-items-center justify-content-end gap-2 mb-3">
          <button
            type="button"
            className="btn btn-outline-dark d-md-none me-auto"
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          >
            Filters{active ? ` (${active})` : ''}
          </button>
          {active ? (
            <button type="button" className="btn btn-outline-danger d-md-none" onClick={onReset}>
              RESET FILTERS
            </button>
          ) : null}
          <label htmlFor={`${idPrefix}-sort`} className="form-label mb-0">
            Sort by
          </label>
          <select
            id={`${idPrefix}-sort`}
            className="form-select form-select-sm w-auto"
            value={sort}
            onChange={(event) => onSort(event.target.value)}
          >
            {sorts.map(({ value, label: text }) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </select>
        </div>
        <ListFilterDrawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          filters={filters}
          onApply={(draft) => {
            setDrawerOpen(false);
            onNavigate(withFilters(searchParams, draft));
          }}
          countOf={countOf}
          useDraftFacets={useDraftFacets}
          fields={fields}
        />
        {children}
      </section>
    </div>
  );
}
