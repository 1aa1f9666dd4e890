// The product's options (up to 3, such as Size and Colour), each a name and its values.
// Values are chips: type one and press Enter, or type a comma list; each chip has its own
// Remove button. A value already there is refused with a message beside the field.
// Removing a value or an option whose variants hold stock asks first (`heldStock`).
import { useEffect, useId, useRef, useState } from 'react';
import ConfirmDialog from '../../components/ui/ConfirmDialog';
import {
  MAX_NAME,
  MAX_OPTIONS,
  MAX_VALUE,
  MAX_VALUES,
  TEXTS,
  newId,
  optionLabel,
  tidy,
} from './variants';

// Splits typed text into values: commas separate, blanks are dropped.
const splitValues = (text) => text.split(',').map(tidy).filter(Boolean);

function ErrorText({ id, error }) {
  return error ? (
    <div id={id} className="invalid-feedback d-block">
      {error}
    </div>
  ) : null;
}

function OptionFields({ option, index, errors, isNew, onChange, onRemove, ask, heldStock }) {
  const id = useId();
  const valuesInput = useRef(null);
  const [draft, setDraft] = useState('');
  const [refused, setRefused] = useState(null);
  const label = optionLabel(option, index);
  const nameKey = `option:${option.id}:name`;
  const valuesKey = `option:${option.id}:values`;
  const nameError = errors[nameKey];
  const valuesError = refused ?? errors[valuesKey];

  // Adds the values of `text` that can be added; says why the first refused one is not.
  function add(text) {
    const known = new Set(option.values.map((value) => value.toLowerCase()));
    const added = [];
    let refusal = null;
    splitValues(text).forEach((value) => {
      let why = null;
      if (known.has(value.toLowerCase())) why = TEXTS.optionValueTaken(value, label);
      else if (value.length > MAX_VALUE) why = TEXTS.valueTooLong;
      else if (known.size >= MAX_VALUES) why = TEXTS.valuesFull(label);
      if (why) {
        refusal = refusal ?? why;
        return;
      }
      known.add(value.toLowerCase());
      added.push(value);
    });
    setRefused(refusal);
    if (added.length) onChange({ ...option, values: [...option.values, ...added] });
  }

  function typed(event) {
    const text = event.target.value;
    // A comma ends a value: what comes before it is added, the rest stays to be typed.
    const cut = text.lastIndexOf(',');
    if (cut === -1) {
      setDraft(text);
      return;
    }
    add(text.slice(0, cut));
    setDraft(text.slice(cut + 1).trimStart());
  }

  function commit() {
    if (!draft.trim()) return;
    add(draft);
    setDraft('');
  }

  return (
    <li className="border rounded p-2 mb-2">
      <div className="row g-2 align-items-start">
        <div className="col-sm-4">
          <label htmlFor={`${id}-name`} className="form-label">
            Option {index + 1} name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            className={`form-control${nameError ? ' is-invalid' : ''}`}
            placeholder="e.g. Size"
            maxLength={MAX_NAME}
            data-field={nameKey}
            aria-invalid={nameError ? 'true' : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            value={option.name}
            // An option just added by the admin takes the focus: its name comes first.
            autoFocus={isNew}
            onChange={(event) => onChange({ ...option, name: event.target.value })}
          />
          <ErrorText id={`${id}-name-error`} error={nameError} />
        </div>
        <div className="col-sm-8">
          <label htmlFor={`${id}-values`} className="form-label">
            Option {index + 1} values
          </label>
          {option.values.length ? (
            <ul
              className="list-unstyled d-flex flex-wrap gap-1 mb-1"
              aria-label={`Values of ${label}`}
            >
              {option.values.map((value) => (
                <li
                  key={value}
                  className="badge text-bg-light border d-inline-flex align-items-center"
                >
                  <span className="fs-6 fw-normal">{value}</span>
                  <button
                    type="button"
                    className="btn-close ms-1"
                    style={{ fontSize: '0.6rem' }}
                    aria-label={`Remove ${value} from ${label}`}
                    onClick={() =>
                      ask(heldStock(option.id, value), TEXTS.removeValueTitle(value, label), () => {
                        setRefused(null);
                        onChange({ ...option, values: option.values.filter((v) => v !== value) });
                        // The chip and its button go: focus goes on to the field that adds values.
                        valuesInput.current?.focus();
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="input-group">
            <input
              id={`${id}-values`}
              ref={valuesInput}
              type="text"
              className={`form-control${valuesError ? ' is-invalid' : ''}`}
              placeholder="Type a value, then Enter"
              data-field={valuesKey}
              aria-invalid={valuesError ? 'true' : undefined}
              aria-describedby={`${id}-values-help${valuesError ? ` ${id}-values-error` : ''}`}
              value={draft}
              onChange={typed}
              onBlur={commit}
              onKeyDown={(event) => {
                // Enter adds the value instead of submitting the product form.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                commit();
              }}
            />
            <button type="button" className="btn btn-outline-secondary" onClick={commit}>
              Add Value
            </button>
          </div>
          <div id={`${id}-values-help`} className="form-text">
            Press Enter after each value, or separate values with commas.
          </div>
          <ErrorText id={`${id}-values-error`} error={valuesError} />
        </div>
      </div>
      <button
        type="button"
        className="btn btn-outline-danger btn-sm mt-2"
        onClick={() => ask(heldStock(option.id), TEXTS.removeOptionTitle(label), onRemove)}
      >
        Remove Option {label}
      </button>
    </li>
  );
}

export default function OptionsEditor({
  options,
  errors,
  serverError,
  onChange,
  heldStock = () => 0,
}) {
  const id = useId();
  // A removal that would delete variants holding stock waits for a yes: { title, count, go }.
  const [asking, setAsking] = useState(null);
  const ask = (count, title, go) => (count > 0 ? setAsking({ title, count, go }) : go());
  const addButton = useRef(null);
  const [added, setAdded] = useState(null);
  // A removed option takes its fields away: focus goes on to Add Option, which may only
  // come back (the options were full) once the list has re-rendered.
  const focusAdd = useRef(false);
  useEffect(() => {
    if (!focusAdd.current) return;
    focusAdd.current = false;
    addButton.current?.focus();
  });
  const full = options.length >= MAX_OPTIONS;
  const replace = (index) => (option) =>
    onChange(options.map((current, i) => (i === index ? option : current)));

  return (
    <fieldset className="mb-3" aria-describedby={`${id}-help`}>
      <legend className="h5">Options</legend>
      <p id={`${id}-help`} className="form-text mt-0">
        Up to {MAX_OPTIONS} options, such as Size or Colour. Each combination of their values is one
        row of the variants below.
      </p>
      {options.length ? (
        <ol className="list-unstyled mb-2">
          {options.map((option, index) => (
            <OptionFields
              key={option.id}
              option={option}
              index={index}
              errors={errors}
              isNew={option.id === added}
              onChange={replace(index)}
              ask={ask}
              heldStock={heldStock}
              onRemove={() => {
                onChange(options.filter((_, i) => i !== index));
                focusAdd.current = true;
              }}
            />
          ))}
        </ol>
      ) : null}
      {full ? (
        <p className="form-text mb-0">{TEXTS.optionsFull}</p>
      ) : (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          ref={addButton}
          onClick={() => {
            const option = { id: newId('o'), name: '', values: [] };
            setAdded(option.id);
            onChange([...options, option]);
          }}
        >
          Add Option
        </button>
      )}
      {serverError ? (
        // The server's word on the options as a whole; focused when it is the first error.
        <div className="invalid-feedback d-block" tabIndex={-1} data-field="options">
          {serverError}
        </div>
      ) : null}
      <ConfirmDialog
        open={Boolean(asking)}
        title={asking?.title ?? ''}
        question={asking ? TEXTS.stockHeld(asking.count) : ''}
        confirmLabel="Remove"
        cancelLabel="Keep it"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const { go } = asking;
          setAsking(null);
          go();
        }}
      />
    </fieldset>
  );
}
