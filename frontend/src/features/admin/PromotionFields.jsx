// The pieces of the coupon and sale forms: a labelled input with its problem and help
// (described to screen readers, marked invalid), the kind and value, the window in the
// admin's local time, what it applies to (categories in a multi-select, product ids
// separated by commas), a checkbox, the alert that shows the server's sentence, and the
// buttons. Each reads `bind`, the state of usePromotionForm; PromotionForm holds them.
import FieldError, { errorProps } from './FieldError';
import { KIND_LABELS } from './promotions';
import { usePromotionForm } from './usePromotionForm';

function Help({ id, help, className = 'form-text' }) {
  return help ? (
    <div id={`${id}-help`} className={className}>
      {help}
    </div>
  ) : null;
}

// An input of the form's field `field`; the rest of the props go to the input.
export function Field({
  bind,
  field,
  label,
  help,
  className = 'col-sm-6',
  inputClassName = '',
  ...input
}) {
  const id = bind.fieldId(field);
  const error = bind.errors[field];
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        className={`form-control ${inputClassName}${bind.invalid(field)}`}
        value={bind.form[field]}
        onChange={bind.onText(field)}
        {...errorProps(id, error, help)}
        {...input}
      />
      <FieldError id={id} error={error} />
      <Help id={id} help={help} />
    </div>
  );
}

// Rupees with paise, as a number field.
export const moneyInput = { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' };

// Kind (percent or rupees off) and value, as two columns of the caller's row.
function DiscountFields({ bind, className = 'col-sm-6 col-lg-4' }) {
  const kind = bind.fieldId('kind');
  return (
    <>
      <div className={className}>
        <label htmlFor={kind} className="form-label">
          Kind
        </label>
        <select
          id={kind}
          className="form-select"
          value={bind.form.kind}
          onChange={bind.onText('kind')}
        >
          {Object.entries(KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <Field
        bind={bind}
        field="value"
        label={bind.form.kind === 'percent' ? 'Value (percent)' : 'Value (rupees)'}
        className={className}
        {...moneyInput}
      />
    </>
  );
}

// Starts at and Ends at (datetime-local, the admin's clock). Without `required`, empty
// means from now and no end.
function WindowFields({ bind, required = false }) {
  const help = (empty) => (required ? 'Your local time.' : `Your local time; empty for ${empty}.`);
  return (
    <fieldset className="mb-3">
      <legend className="h6">When</legend>
      <div className="row g-3">
        <Field
          bind={bind}
          field="startsAt"
          label="Starts at"
          type="datetime-local"
          required={required}
          help={help('from now')}
        />
        <Field
          bind={bind}
          field="endsAt"
          label="Ends at"
          type="datetime-local"
          required={required}
          help={help('no end')}
        />
      </div>
    </fieldset>
  );
}

// The categories (a multi-select of `categories`) and products (ids) it is for.
function ScopeFields({ bind, categories }) {
  const id = bind.fieldId('categories');
  const error = bind.errors.categories;
  return (
    <fieldset className="mb-3">
      <legend className="h6">Applies to</legend>
      <div className="row g-3">
        <div className="col-md-6">
          <label htmlFor={id} className="form-label">
            Categories
          </label>
          <select
            id={id}
            multiple
            size={Math.min(6, Math.max(3, categories.length))}
            className={`form-select${bind.invalid('categories')}`}
            value={bind.form.categories}
            onChange={(event) =>
              bind.change(
                'categories',
                [...event.target.selectedOptions].map((option) => option.value),
              )
            }
            {...errorProps(id, error, true)}
          >
            {categories.map((category) => (
              <option key={category._id} value={String(category._id)}>
                {category.name}
              </option>
            ))}
          </select>
          <FieldError id={id} error={error} />
          <Help
            id={id}
            help="Ctrl or Cmd + click (Shift + arrows by keyboard) to choose several."
          />
        </div>
        <Field
          bind={bind}
          field="products"
          label="Products (ids)"
          className="col-md-6"
          inputMode="numeric"
          placeholder="12, 15, 31"
          help="Separated by commas. No categories and no products: the whole shop."
        />
      </div>
    </fieldset>
  );
}

export function Flag({ bind, field, label, help }) {
  const id = bind.fieldId(field);
  return (
    <div className="form-check">
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        checked={bind.form[field]}
        onChange={bind.onCheck(field)}
        aria-describedby={help ? `${id}-help` : undefined}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      <Help id={id} help={help} className="form-text mt-0" />
    </div>
  );
}

// A coupon's or a sale's form (`promotion`: the one edited, or null to create one), in
// screen order: `identity(bind)` (the code or the name) beside the kind and value, what
// `beforeWindow(bind)` gives, the window (`windowRequired`: both ends), what
// `afterWindow(bind)` gives, the categories and products, Active (`activeHelp`), the
// server's sentence (read out when it appears), then Create (or Save and Cancel).
// `toForm`, `check` and `toPayload` are the kind's (usePromotionForm); `noun` names the
// buttons ("Coupon"); `alertTestId` the alert.
export function PromotionForm({
  promotion,
  categories,
  toForm,
  check,
  toPayload,
  onSubmit,
  onCancel,
  noun,
  alertTestId,
  activeHelp,
  windowRequired = false,
  identity,
  beforeWindow = () => null,
  afterWindow = () => null,
}) {
  const editing = Boolean(promotion);
  const { message, busy, formRef, handleSubmit, bind } = usePromotionForm({
    initial: () => toForm(promotion),
    check,
    toPayload,
    onSubmit,
    reset: !editing,
  });
  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate aria-busy={busy}>
      <div className="row g-3 mb-3">
        {identity(bind)}
        <DiscountFields bind={bind} />
      </div>
      {beforeWindow(bind)}
      <WindowFields bind={bind} required={windowRequired} />
      {afterWindow(bind)}
      <ScopeFields bind={bind} categories={categories} />
      <div className="mb-3">
        <Flag bind={bind} field="active" label="Active" help={activeHelp} />
      </div>
      <div role="alert" className="text-danger small mb-2" data-testid={alertTestId}>
        {message}
      </div>
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {editing ? `Save ${noun}` : `Create ${noun}`}
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
