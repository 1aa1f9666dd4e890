// One row per combination of the options' values: Sold (a combination not sold has no
// variant), SKU (blank: the server makes one), stock, price (blank: the product's Price)
// and MRP (the maximum retail price; blank: none). "Set All Stock" fills the stock of
// every sold row at once.
import { useId, useState } from 'react';
import { MAX_SKU, TEXTS, optionLabel, rowOf } from './variants';

function cellProps(key, error, errorId) {
  return {
    'data-field': key,
    ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
  };
}

export default function VariantsGrid({
  options,
  combos,
  rows,
  defaultPrice,
  errors,
  serverError,
  onChange,
}) {
  const id = useId();
  const [allStock, setAllStock] = useState('');
  const [allStockError, setAllStockError] = useState(null);
  const columns = options.filter((option) => option.values.length > 0);
  const soldCount = combos.filter((combo) => rowOf(rows, combo).sold).length;

  const update = (combo, changes) =>
    onChange({ ...rows, [combo.key]: { ...rowOf(rows, combo), ...changes } });

  function setAll() {
    const text = allStock.trim();
    if (!/^\d+$/.test(text)) {
      setAllStockError(TEXTS.stockInvalid);
      return;
    }
    setAllStockError(null);
    const next = { ...rows };
    combos.forEach((combo) => {
      const row = rowOf(rows, combo);
      if (row.sold) next[combo.key] = { ...row, quantity: text };
    });
    onChange(next);
  }

  const placeholderPrice = String(defaultPrice).trim() || 'Price';

  return (
    <fieldset className="mb-3" aria-describedby={`${id}-help`}>
      <legend className="h5">Variants</legend>
      <p id={`${id}-help`} className="form-text mt-0">
        One row per combination. Untick Sold for a combination you do not sell. A blank SKU is made
        for you; a blank price is the product&apos;s Price; a blank MRP means none.
      </p>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <div>
          <label htmlFor={`${id}-all`} className="form-label">
            Stock for every sold variant
          </label>
          <input
            id={`${id}-all`}
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            className={`form-control${allStockError ? ' is-invalid' : ''}`}
            aria-invalid={allStockError ? 'true' : undefined}
            aria-describedby={allStockError ? `${id}-all-error` : undefined}
            value={allStock}
            onChange={(event) => {
              setAllStock(event.target.value);
              setAllStockError(null);
            }}
            onKeyDown={(event) => {
              // Enter sets the stock instead of submitting the product form.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              setAll();
            }}
          />
        </div>
        <button type="button" className="btn btn-outline-secondary" onClick={setAll}>
          Set All Stock
        </button>
      </div>
      {allStockError ? (
        <div id={`${id}-all-error`} className="invalid-feedback d-block mb-2">
          {allStockError}
        </div>
      ) : null}
      <div className="table-responsive">
        <table className="table table-sm align-middle">
          <caption className="caption-top">
            {combos.length} combinations, {soldCount} sold
          </caption>
          <thead>
            <tr>
              {columns.map((option) => (
                <th key={option.id} scope="col">
                  {optionLabel(option, options.indexOf(option))}
                </th>
              ))}
              <th scope="col">Sold</th>
              <th scope="col">SKU</th>
              <th scope="col">Stock</th>
              <th scope="col">Price</th>
              <th scope="col">
                <abbr title="Maximum retail price">MRP</abbr>
              </th>
            </tr>
          </thead>
          <tbody>
            {combos.map((combo, n) => {
              const row = rowOf(rows, combo);
              const stockKey = `variant:${n}:quantity`;
              const priceKey = `variant:${n}:price`;
              const stockError = errors[stockKey];
              const priceError = errors[priceKey];
              const mrpKey = `variant:${n}:mrp`;
              const mrpError = errors[mrpKey];
              return (
                <tr key={combo.key} className={row.sold ? undefined : 'text-body-secondary'}>
                  {combo.picks.map(({ option, value }, i) =>
                    i === 0 ? (
                      <th key={option.id} scope="row" className="fw-normal">
                        {value}
                      </th>
                    ) : (
                      <td key={option.id}>{value}</td>
                    ),
                  )}
                  <td>
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={`Sold: ${combo.label}`}
                      checked={row.sold}
                      onChange={(event) => update(combo, { sold: event.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      type="text"
                      className="form-control form-control-sm"
                      aria-label={`SKU of ${combo.label}`}
                      placeholder="Made for you"
                      maxLength={MAX_SKU}
                      disabled={!row.sold}
                      value={row.sku}
                      onChange={(event) => update(combo, { sku: event.target.value })}
                    />
                  </td>
                  <td>
                    <input
                      type="number"
                      inputMode="numeric"
                      min="0"
                      step="1"
                      className={`form-control form-control-sm${stockError ? ' is-invalid' : ''}`}
                      aria-label={`Stock of ${combo.label}`}
                      placeholder="0"
                      disabled={!row.sold}
                      {...cellProps(stockKey, stockError, `${id}-${n}-stock-error`)}
                      value={row.quantity}
                      onChange={(event) => update(combo, { quantity: event.target.value })}
                    />
                    {stockError ? (
                      <div id={`${id}-${n}-stock-error`} className="invalid-feedback d-block">
                        {stockError}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <input
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.01"
                      className={`form-control form-control-sm${priceError ? ' is-invalid' : ''}`}
                      aria-label={`Price of ${combo.label}`}
                      placeholder={placeholderPrice}
                      disabled={!row.sold}
                      {...cellProps(priceKey, priceError, `${id}-${n}-price-error`)}
                      value={row.price}
                      onChange={(event) => update(combo, { price: event.target.value })}
                    />
                    {priceError ? (
                      <div id={`${id}-${n}-price-error`} className="invalid-feedback d-block">
                        {priceError}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <input
                      type="number"
                      inputMode="decimal"
                      min="0"
                      step="0.01"
                      className={`form-control form-control-sm${mrpError ? ' is-invalid' : ''}`}
                      aria-label={`MRP of ${combo.label}`}
                      placeholder="None"
                      disabled={!row.sold}
                      {...cellProps(mrpKey, mrpError, `${id}-${n}-mrp-error`)}
                      value={row.mrp ?? ''}
                      onChange={(event) => update(combo, { mrp: event.target.value })}
                    />
                    {mrpError ? (
                      <div id={`${id}-${n}-mrp-error`} className="invalid-feedback d-block">
                        {mrpError}
                      </div>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {errors.variants || serverError ? (
        // Nothing sold, or the server's word on the variants as a whole; focused when it is
        // the first error.
        <div className="invalid-feedback d-block" tabIndex={-1} data-field="variants">
          {[errors.variants, serverError].filter(Boolean).join(' ')}
        </div>
      ) : null}
    </fieldset>
  );
}
