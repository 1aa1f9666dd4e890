// The home filters (spec section 2; price bands of decision F1): category checkboxes and
// the price radio group. Shown in the side card on wide screens and in the drawer on phones,
// so `idPrefix` keeps each copy's ids unique.
import { PRICE_BANDS } from '../../constants/priceBands';
import Loading from '../../components/Loading';

export default function FilterFields({
  idPrefix,
  categories,
  categoriesLoaded,
  categoriesFailed,
  categoriesLate = false,
  filters,
  onCategory,
  onPrice,
}) {
  return (
    <>
      {!categoriesFailed && (
        <fieldset className="mb-4">
          <legend className="h6 fw-bold">Filter By Category</legend>
          <div className={categoriesLate ? 'category-filters-kept' : undefined}>
            {categoriesLoaded ? (
              categories.map((category) => {
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
              })
            ) : (
              <Loading label="Loading categories ..." />
            )}
          </div>
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
      </fieldset>
    </>
  );
}
