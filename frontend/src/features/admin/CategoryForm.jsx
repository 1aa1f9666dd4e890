// The category form of the admin panel, used both to create a category and, prefilled,
// inside the edit modal: the name and the tax defaults its products take (catalog/tax.py):
// the HSN code (asked for a new category), the GST rate, and for goods whose rate depends
// on the price (clothing, footwear) the threshold and the rate above it, and the country
// of origin. `value` is the form's text (categoryTax.js); problems show under their fields
// and `onSubmit` is called only when the checks here pass. Names are the server's to
// judge (spec section 5).
import { useId, useState } from 'react';
import FieldError, { errorProps } from './FieldError';
import { GST_RATES, categoryErrors } from './categoryTax';

export default function CategoryForm({
  value,
  setValue,
  onSubmit,
  label = 'Category name',
  busy,
  hsnRequired = false,
  errors: serverErrors = {},
}) {
  const id = useId();
  const [checked, setChecked] = useState({});
  const errors = { ...serverErrors, ...checked };
  const ids = {
    name: `${id}-name`,
    hsn: `${id}-hsn`,
    gstRate: `${id}-rate`,
    tiered: `${id}-tiered`,
    gstThreshold: `${id}-threshold`,
    gstRateAbove: `${id}-above`,
    countryOfOrigin: `${id}-country`,
  };
  const set = (field) => (event) => {
    const next = event.target.type === 'checkbox' ? event.target.checked : event.target.value;
    setValue({ ...value, [field]: next });
    if (checked[field]) setChecked({ ...checked, [field]: undefined });
  };
  const invalid = (field) => (errors[field] ? ' is-invalid' : '');

  function submit(event) {
    event.preventDefault();
    const problems = categoryErrors(value, { hsnRequired });
    setChecked(problems);
    const first = Object.keys(ids).find((field) => problems[field]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    onSubmit();
  }

  const rateOptions = GST_RATES.map((rate) => (
    <option key={rate} value={rate}>
      {rate}%
    </option>
  ));
  return (
    <form onSubmit={submit} noValidate>
      <div className="mb-3">
        <label htmlFor={ids.name} className="form-label">
          {label}
        </label>
        <input
          id={ids.name}
          type="text"
          className={`form-control${invalid('name')}`}
          placeholder="Enter new category"
          value={value.name}
          onChange={set('name')}
          {...errorProps(ids.name, errors.name)}
        />
        <FieldError id={ids.name} error={errors.name} />
      </div>
      <div className="row g-3 mb-3">
        <div className="col-sm-6">
          <label htmlFor={ids.hsn} className="form-label">
            HSN code{hsnRequired ? null : <span className="text-body-secondary"> (optional)</span>}
          </label>
          <input
            id={ids.hsn}
            type="text"
            inputMode="numeric"
            maxLength={8}
            className={`form-control${invalid('hsn')}`}
            value={value.hsn}
            onChange={set('hsn')}
            required={hsnRequired}
            {...errorProps(ids.hsn, errors.hsn, true)}
          />
          <div id={`${ids.hsn}-help`} className="form-text">
            4 to 8 digits; its products without their own take it.
          </div>
          <FieldError id={ids.hsn} error={errors.hsn} />
        </div>
        <div className="col-sm-6">
          <label htmlFor={ids.gstRate} className="form-label">
            GST rate
          </label>
          <select
            id={ids.gstRate}
            className={`form-select${invalid('gstRate')}`}
            value={value.gstRate}
            onChange={set('gstRate')}
            {...errorProps(ids.gstRate, errors.gstRate)}
          >
            {rateOptions}
          </select>
          <FieldError id={ids.gstRate} error={errors.gstRate} />
        </div>
      </div>
      <div className="form-check mb-2">
        <input
          id={ids.tiered}
          type="checkbox"
          className="form-check-input"
          checked={value.tiered}
          onChange={set('tiered')}
        />
        <label htmlFor={ids.tiered} className="form-check-label">
          A higher rate above a price (clothing, footwear)
        </label>
      </div>
      {value.tiered ? (
        <div className="row g-3 mb-3">
          <div className="col-sm-6">
            <label htmlFor={ids.gstThreshold} className="form-label">
              Threshold (rupees a piece)
            </label>
            <input
              id={ids.gstThreshold}
              type="text"
              inputMode="decimal"
              className={`form-control${invalid('gstThreshold')}`}
              value={value.gstThreshold}
              onChange={set('gstThreshold')}
              {...errorProps(ids.gstThreshold, errors.gstThreshold)}
            />
            <FieldError id={ids.gstThreshold} error={errors.gstThreshold} />
          </div>
          <div className="col-sm-6">
            <label htmlFor={ids.gstRateAbove} className="form-label">
              GST rate above the threshold
            </label>
            <select
              id={ids.gstRateAbove}
              className={`form-select${invalid('gstRateAbove')}`}
              value={value.gstRateAbove}
              onChange={set('gstRateAbove')}
              {...errorProps(ids.gstRateAbove, errors.gstRateAbove)}
            >
              {rateOptions}
            </select>
            <FieldError id={ids.gstRateAbove} error={errors.gstRateAbove} />
          </div>
        </div>
      ) : null}
      <div className="mb-3">
        <label htmlFor={ids.countryOfOrigin} className="form-label">
          Country of origin
        </label>
        <input
          id={ids.countryOfOrigin}
          type="text"
          maxLength={60}
          className={`form-control${invalid('countryOfOrigin')}`}
          value={value.countryOfOrigin}
          onChange={set('countryOfOrigin')}
          {...errorProps(ids.countryOfOrigin, errors.countryOfOrigin)}
        />
        <FieldError id={ids.countryOfOrigin} error={errors.countryOfOrigin} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Submit
      </button>
    </form>
  );
}
