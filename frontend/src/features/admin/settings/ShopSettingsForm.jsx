// The Shop settings form: the shop's details, the grievance officer, the invoice prefix,
// and delivery with the cash on delivery cap, one fieldset each. Every input has its
// label; a problem shows under its field (checked here first, then the server's
// `errors`) and the first one takes the focus. `onSave(payload)` sends the form and
// answers { ok } or { errors }.
import { useState } from 'react';
import FieldError, { errorProps } from '../FieldError';
import { SECTIONS, formFromSettings, settingsErrors, settingsPayload } from './shopSettings';
import { formatPrice } from '../../../lib/format';

const FIELD_ID = (field) => `shop-settings-${field}`;

function focusFirst(errors) {
  const first = SECTIONS.flatMap((s) => s.fields.map(([f]) => f)).find((f) => errors[f]);
  if (first) document.getElementById(FIELD_ID(first))?.focus();
}

function Input({ field, label, options, value, error, states, codLimitDefault, onChange }) {
  const id = FIELD_ID(field);
  let help = options.help;
  if (field === 'codLimit') {
    help = `Cash on delivery is refused above this order total; blank: the default, ${formatPrice(codLimitDefault)}.`;
  }
  const common = {
    id,
    name: field,
    value,
    className: `form-${options.select ? 'select' : 'control'}${error ? ' is-invalid' : ''}`,
    onChange: (event) => onChange(field, event.target.value),
    required: options.required,
    ...errorProps(id, error, help),
  };
  let control;
  if (options.select) {
    control = (
      <select {...common}>
        {states.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </select>
    );
  } else {
    const numeric = options.money || options.whole;
    control = (
      <input
        {...common}
        type={numeric ? 'text' : (options.type ?? 'text')}
        inputMode={numeric ? (options.money ? 'decimal' : 'numeric') : options.inputMode}
        maxLength={options.maxLength}
        spellCheck={options.spellCheck}
        autoComplete={options.autoComplete ?? 'off'}
        className={`${common.className}${options.upper ? ' text-uppercase' : ''}`}
      />
    );
  }
  return (
    <div className="col-md-6 mb-3">
      <label htmlFor={id} className="form-label">
        {label}
        {options.required ? null : <span className="text-body-secondary"> (optional)</span>}
      </label>
      {control}
      {help ? (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

export default function ShopSettingsForm({ settings, states, codLimitDefault, onSave }) {
  const [form, setForm] = useState(() => formFromSettings(settings));
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);

  function change(field, value) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  async function submit(event) {
    event.preventDefault();
    const problems = settingsErrors(form);
    if (Object.keys(problems).length) {
      setErrors(problems);
      focusFirst(problems);
      return;
    }
    setBusy(true);
    try {
      const result = await onSave(settingsPayload(form, settings.updatedAt));
      if (result.errors) {
        const server = Object.fromEntries(
          Object.entries(result.errors).map(([field, messages]) => [field, [].concat(messages)[0]]),
        );
        setErrors(server);
        focusFirst(server);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Shop settings">
      {SECTIONS.map((section) => (
        <fieldset key={section.id} className="card p-3 mb-4">
          <legend className="h5 float-none w-auto px-1 mb-2">{section.title}</legend>
          {section.help ? <p className="text-body-secondary">{section.help}</p> : null}
          <div className="row">
            {section.fields.map(([field, label, options]) => (
              <Input
                key={field}
                field={field}
                label={label}
                options={options}
                value={form[field]}
                error={errors[field]}
                states={states}
                codLimitDefault={codLimitDefault}
                onChange={change}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving ...' : 'Save settings'}
      </button>
    </form>
  );
}
