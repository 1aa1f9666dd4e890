// "I have a GSTIN (business purchase)" in the cart's summary: ticking it opens the GSTIN
// and business name fields (BusinessFields, with the GSTIN's check), filled in from the
// chosen address when it keeps them. Like all of checkout, it is in the cart page's chunk
// (lazy, routes.jsx): not in the first page's bundle, and no chunk of its own (a new
// chunk's name would add to that bundle's runtime). business: useBusinessBuyer's answer.
import { useId } from 'react';
import BusinessFields from './BusinessFields';

export default function BusinessPurchase({ business, disabled = false }) {
  const id = useId();
  return (
    <div className="text-start mb-3" data-testid="business-purchase">
      <div className="form-check">
        <input
          className="form-check-input"
          type="checkbox"
          id={id}
          checked={business.wanted}
          disabled={disabled}
          onChange={(event) => business.setWanted(event.target.checked)}
        />
        <label className="form-check-label" htmlFor={id}>
          I have a GSTIN (business purchase)
        </label>
      </div>
      {business.wanted && <BusinessFields business={business} disabled={disabled} />}
    </div>
  );
}
