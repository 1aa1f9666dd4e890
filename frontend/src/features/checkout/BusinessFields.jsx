// The GSTIN and business name of a business purchase, with labels. The GSTIN is checked
// as it is typed (lib/gstin: its shape, state code and check character) once it has its
// 15 characters or the shopper leaves the field; a valid one names its state ("Registered
// in Karnataka"). The invoice is then a B2B tax invoice naming both; the tax still
// follows the delivery address. Shown by BusinessPurchase.
import { useId, useState } from 'react';
import { GSTIN_LENGTH, gstinProblem, gstinState, normaliseGstin } from '../../lib/gstin';

export default function BusinessFields({ business, disabled = false }) {
  const id = useId();
  const [left, setLeft] = useState({});
  const number = normaliseGstin(business.gstin);
  const complete = number.length >= GSTIN_LENGTH;
  const showAll = business.revealed;
  const gstinError = (showAll || left.gstin || complete) && number ? gstinProblem(number) : null;
  const errors = {
    gstin: showAll ? business.errors.gstin : gstinError,
    businessName: showAll || left.businessName ? business.errors.businessName : undefined,
  };
  const state = number && !gstinProblem(number) ? gstinState(number) : '';
  const field = (name) => ({
    id: `${id}-${name}`,
    ref: business.inputRef(name),
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] ? 'true' : undefined,
    onBlur: () => setLeft((current) => ({ ...current, [name]: true })),
    disabled,
  });
  const described = (name, extra) =>
    [errors[name] && `${id}-${name}-error`, extra].filter(Boolean).join(' ') || undefined;

  return (
    <div className="mt-2 ms-4">
      <div className="mb-2">
        <label className="form-label" htmlFor={`${id}-gstin`}>
          GSTIN
        </label>
        <input
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          value={business.gstin}
          onChange={(event) => business.setGstin(event.target.value)}
          aria-describedby={described('gstin', state ? `${id}-gstin-state` : undefined)}
          {...field('gstin')}
        />
        {state && (
          <div id={`${id}-gstin-state`} className="form-text text-success" role="status">
            Registered in {state}
          </div>
        )}
        {errors.gstin && (
          <div id={`${id}-gstin-error`} className="invalid-feedback" role="alert">
            {errors.gstin}
          </div>
        )}
      </div>
      <div className="mb-2">
        <label className="form-label" htmlFor={`${id}-businessName`}>
          Business name
        </label>
        <input
          type="text"
          autoComplete="organization"
          maxLength={200}
          value={business.businessName}
          onChange={(event) => business.setBusinessName(event.target.value)}
          aria-describedby={described('businessName', `${id}-businessName-hint`)}
          {...field('businessName')}
        />
        <div id={`${id}-businessName-hint`} className="form-text">
          As on the GST registration. The invoice names it and the GSTIN; tax follows the delivery
          address.
        </div>
        {errors.businessName && (
          <div id={`${id}-businessName-error`} className="invalid-feedback" role="alert">
            {errors.businessName}
          </div>
        )}
      </div>
    </div>
  );
}
