// The coupon form of the admin panel, to create a coupon or, given one, to edit it: code,
// kind and value, the minimum order and the cap, the window (the admin's local time),
// the limits, first-order-only and online-payment-only, the categories (a multi-select)
// and products (ids separated by commas) it is for (none: everything), and Active.
// Problems show beside their fields (checked here first, and the server's `errors`), the
// server's sentence in the alert above the buttons; the first problem takes the focus.
// `onSubmit(payload)` sends it and answers { ok } or { message, errors }.
import { useEffect, useId, useRef, useState } from 'react';
import { CODE_MAX, KIND_LABELS, couponErrors, couponPayload, formFromCoupon } from './coupons';

function describedBy(id, error, help) {
  const ids = [error ? `${id}-error` : null, help ? `${id}-help` : null].filter(Boolean);
  return {
    ...(error ? { 'aria-invalid': 'true' } : {}),
    ...(ids.length ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}

function FieldError({ id, error }) {
  return error ? (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {error}
    </div>
  ) : null;
}

export default function CouponForm({ coupon = null, categories = [], onSubmit, onCancel }) {
  const id = useId();
  const [form, setForm] = useState(() => formFromCoupon(coupon));
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useRef(null);
  const focusFirst = useRef(false);
  const editing = Boolean(coupon);

  // After a failed save, the first field with a problem (in screen order) takes the focus.
  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    const target = [...(formRef.current?.querySelectorAll('[aria-invalid="true"]') ?? [])][0];
    target?.focus();
  });

  const change = (field, value) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  };
  const onText = (field) => (event) => change(field, event.target.value);
  const onCheck = (field) => (event) => change(field, event.target.checked);
  const invalid = (field) => (errors[field] ? ' is-invalid' : '');
  const fieldId = (field) => `${id}-${field}`;

  async function handleSubmit(event) {
    event.preventDefault();
    const found = couponErrors(form);
    setMessage('');
    if (Object.keys(found).length) {
      setErrors(found);
      focusFirst.current = true;
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const result = await onSubmit(couponPayload(form));
      if (result?.ok) {
        if (!editing) setForm(formFromCoupon(null));
        return;
      }
      setErrors(result?.errors ?? {});
      setMessage(result?.message ?? '');
      focusFirst.current = true;
    } finally {
      setBusy(false);
    }
  }

  const money = (field, label, help) => (
    <div className="col-sm-6 col-lg-3">
      <label htmlFor={fieldId(field)} className="form-label">
        {label}
      </label>
      <input
        id={fieldId(field)}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
        className={`form-control${invalid(field)}`}
        value={form[field]}
        onChange={onText(field)}
        {...describedBy(fieldId(field), errors[field], help)}
      />
      <FieldError id={fieldId(field)} error={errors[field]} />
      {help && (
        <div id={`${fieldId(field)}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );

  const count = (field, label, help) => (
    <div className="col-sm-6">
      <label htmlFor={fieldId(field)} className="form-label">
        {label}
      </label>
      <input
        id={fieldId(field)}
        type="number"
        inputMode="numeric"
        min="1"
        step="1"
        className={`form-control${invalid(field)}`}
        value={form[field]}
        onChange={onText(field)}
        {...describedBy(fieldId(field), errors[field], help)}
      />
      <FieldError id={fieldId(field)} error={errors[field]} />
      <div id={`${fieldId(field)}-help`} className="form-text">
        {help}
      </div>
    </div>
  );

  const when = (field, label) => (
    <div className="col-sm-6">
      <label htmlFor={fieldId(field)} className="form-label">
        {label}
      </label>
      <input
        id={fieldId(field)}
        type="datetime-local"
        className={`form-control${invalid(field)}`}
        value={form[field]}
        onChange={onText(field)}
        {...describedBy(fieldId(field), errors[field], true)}
      />
      <FieldError id={fieldId(field)} error={errors[field]} />
      <div id={`${fieldId(field)}-help`} className="form-text">
        Your local time; empty for {field === 'startsAt' ? 'from now' : 'no end'}.
      </div>
    </div>
  );

  const flag = (field, label, help) => (
    <div className="form-check">
      <input
        id={fieldId(field)}
        type="checkbox"
        className="form-check-input"
        checked={form[field]}
        onChange={onCheck(field)}
        aria-describedby={help ? `${fieldId(field)}-help` : undefined}
      />
      <label htmlFor={fieldId(field)} className="form-check-label">
        {label}
      </label>
      {help && (
        <div id={`${fieldId(field)}-help`} className="form-text mt-0">
          {help}
        </div>
      )}
    </div>
  );

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-busy={busy}>
      <div className="row g-3 mb-3">
        <div className="col-sm-6 col-lg-4">
          <label htmlFor={fieldId('code')} className="form-label">
            Code
          </label>
          <input
            id={fieldId('code')}
            type="text"
            className={`form-control text-uppercase${invalid('code')}`}
            autoComplete="off"
            spellCheck={false}
            maxLength={CODE_MAX}
            value={form.code}
            onChange={onText('code')}
            {...describedBy(fieldId('code'), errors.code, true)}
          />
          <FieldError id={fieldId('code')} error={errors.code} />
          <div id={`${fieldId('code')}-help`} className="form-text">
            Letters and digits; shoppers may type it in any case.
          </div>
        </div>
        <div className="col-sm-6 col-lg-4">
          <label htmlFor={fieldId('kind')} className="form-label">
            Kind
          </label>
          <select
            id={fieldId('kind')}
            className="form-select"
            value={form.kind}
            onChange={onText('kind')}
          >
            {Object.entries(KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-6 col-lg-4">
          <label htmlFor={fieldId('value')} className="form-label">
            {form.kind === 'percent' ? 'Value (percent)' : 'Value (rupees)'}
          </label>
          <input
            id={fieldId('value')}
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            className={`form-control${invalid('value')}`}
            value={form.value}
            onChange={onText('value')}
            {...describedBy(fieldId('value'), errors.value)}
          />
          <FieldError id={fieldId('value')} error={errors.value} />
        </div>
      </div>
      <div className="row g-3 mb-3">
        {money('minOrder', 'Minimum order (rupees)', 'The cart’s value before the coupon.')}
        {money('maxDiscount', 'Maximum discount (rupees)', 'Caps a percent off; empty for no cap.')}
      </div>
      <fieldset className="mb-3">
        <legend className="h6">When</legend>
        <div className="row g-3">
          {when('startsAt', 'Starts at')}
          {when('endsAt', 'Ends at')}
        </div>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="h6">Limits</legend>
        <div className="row g-3">
          {count('usageLimit', 'Usage limit', 'Orders in all; empty for no limit.')}
          {count(
            'perCustomerLimit',
            'Per customer limit',
            'Orders per shopper; empty for no limit.',
          )}
        </div>
        <div className="mt-2">
          {flag('firstOrderOnly', 'First order only', 'Only for a shopper’s first order.')}
          {flag('prepaidOnly', 'Online payment only', 'Not with cash on delivery.')}
        </div>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="h6">Applies to</legend>
        <div className="row g-3">
          <div className="col-md-6">
            <label htmlFor={fieldId('categories')} className="form-label">
              Categories
            </label>
            <select
              id={fieldId('categories')}
              multiple
              size={Math.min(6, Math.max(3, categories.length))}
              className={`form-select${invalid('categories')}`}
              value={form.categories}
              onChange={(event) =>
                change(
                  'categories',
                  [...event.target.selectedOptions].map((option) => option.value),
                )
              }
              {...describedBy(fieldId('categories'), errors.categories, true)}
            >
              {categories.map((category) => (
                <option key={category._id} value={String(category._id)}>
                  {category.name}
                </option>
              ))}
            </select>
            <FieldError id={fieldId('categories')} error={errors.categories} />
            <div id={`${fieldId('categories')}-help`} className="form-text">
              Ctrl or Cmd + click (Shift + arrows by keyboard) to choose several.
            </div>
          </div>
          <div className="col-md-6">
            <label htmlFor={fieldId('products')} className="form-label">
              Products (ids)
            </label>
            <input
              id={fieldId('products')}
              type="text"
              inputMode="numeric"
              className={`form-control${invalid('products')}`}
              placeholder="12, 15, 31"
              value={form.products}
              onChange={onText('products')}
              {...describedBy(fieldId('products'), errors.products, true)}
            />
            <FieldError id={fieldId('products')} error={errors.products} />
            <div id={`${fieldId('products')}-help`} className="form-text">
              Separated by commas. No categories and no products: the whole shop.
            </div>
          </div>
        </div>
      </fieldset>
      <div className="mb-3">{flag('active', 'Active', 'A paused coupon applies to nothing.')}</div>
      <div role="alert" className="text-danger small mb-2" data-testid="coupon-form-alert">
        {message}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {editing ? 'Save Coupon' : 'Create Coupon'}
        </button>
        {editing && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
