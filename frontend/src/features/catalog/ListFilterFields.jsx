// The filter fields of the category and search pages (FilteredList): home's FilterFields
// drawn alike (the same markup and ids), kept as a copy of its own so that home's first
// bundle stays as it is (a module of the first bundle used by a lazy screen costs the
// first visit a few hundred bytes: docs/frontend.md, the first bundle). A change to
// one is made to both. Without `categories` there is no category fieldset (a category
// page's category is fixed).
import { useState } from 'react';
import { PRICE_BANDS } from '../../constants/priceBands';
import { shownFacets } from './filters';

const asText = (value) => (value === null || value === undefined ? '' : String(value));
const asRupees = (text) => (/^\d{1,9}$/.test(text.trim()) ? text.trim() : null);

// Min and max in whole rupees, either left empty; Go applies them (a keystroke never does).
function PriceRange({ idPrefix, min, max, onRange }) {
  const [low, setLow] = useState(asText(min));
  const [high, setHigh] = useState(asText(max));
  const field = (id, label, value, setValue) => (
    <div className="col">
      <label className="form-label small mb-1" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-control form-control-sm"
        type="number"
        inputMode="numeric"
        min="0"
        step="1"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
    </div>
  );
  return (
    <form
      className="row g-2 align-items-end mt-1"
      aria-label="Price range"
      onSubmit={(event) => {
        event.preventDefault();
        onRange(asRupees(low), asRupees(high));
      }}
    >
      {field(`${idPrefix}-min`, 'Min ₹', low, setLow)}
      {field(`${idPrefix}-max`, 'Max ₹', high, setHigh)}
      <div className="col-auto">
        <button type="submit" className="btn btn-sm btn-outline-dark">
          Go
        </button>
      </div>
    </form>
  );
}

// One fieldset per option (legend: its name), a checkbox per value: "M (12)". Ids count
// rather than quote the names and values, which are the shop's own text.
function OptionFilters({ idPrefix, facets, options, onOption }) {
  return shownFacets(facets, options).map((facet, f) => (
    <fieldset className="mb-4" key={facet.name}>
      <legend className="h6 fw-bold">{facet.name}</legend>
      {facet.values.map(({ value, count }, v) => {
        const id = `${idPrefix}-option-${f}-${v}`;
        return (
          <div className="form-check" key={value}>
            <input
              className="form-check-input"
              type="checkbox"
              id={id}
              checked={(options[facet.name] ?? []).includes(value)}
              onChange={(event) => onOption(facet.name, value, event.target.checked)}
            />
            <label className="form-check-label" htmlFor={id}>
              {count === null ? value : `${value} (${count})`}
            </label>
          </div>
        );
      })}
    </fieldset>
  ));
}

export default function ListFilterFields({
  idPrefix,
  categories = null,
  filters,
  onCategory,
  onPrice,
  onRange,
  facets = [],
  onOption = () => {},
}) {
  return (
    <>
      {categories !== null && (
        <fieldset className="mb-4">
          <legend className="h6 fw-bold">Filter By Category</legend>
          {categories.map((category) => {
            const id = String(category._id);
            return (
              <div className="form-check" key={id}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`${idPrefix}-category-${id}`}
                  checked={filters.checked.includes(id)}
                  onChange={(event) => onCategory(id, event.target.checked)}
                />
                <label className="form-check-label" htmlFor={`${idPrefix}-category-${id}`}>
                  {category.name}
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
      <fieldset className="mb-4">
        <legend className="h6 fw-bold">Filter By Price</legend>
        {PRICE_BANDS.map((band) => (
          <div className="form-check" key={band._id}>
            <input
              className="form-check-input"
              type="radio"
              name={`${idPrefix}-price`}
              id={`${idPrefix}-price-${band._id}`}
              checked={filters.priceId === String(band._id)}
              onChange={() => onPrice(band._id)}
            />
            <label className="form-check-label" htmlFor={`${idPrefix}-price-${band._id}`}>
              {band.name}
            </label>
          </div>
        ))}
        <PriceRange
          key={`${filters.min}-${filters.max}`}
          idPrefix={idPrefix}
          min={filters.min}
          max={filters.max}
          onRange={onRange}
        />
      </fieldset>
      <OptionFilters
        idPrefix={idPrefix}
        facets={facets}
        options={filters.options ?? {}}
        onOption={onOption}
      />
    </>
  );
}
