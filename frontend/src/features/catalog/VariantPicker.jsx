// One radio group per option (Size, Colour ...), each with its legend. A value that is
// sold out, or not sold with the shopper's other choices, is marked before it is picked:
// struck through, disabled, and named so to screen readers ("M (sold out)"). When a
// choice leads nowhere (sparse combinations), Clear choice starts again.
import { MESSAGES } from '../../constants/messages';
import { colourOption, optionsOf, valueState } from '../../lib/variants';
import Swatch from '../../components/Swatch';
import './variants.css';

export default function VariantPicker({ product, choice, onPick, onClear, missing = [], id }) {
  const options = optionsOf(product);
  const colour = colourOption(product);
  const chosenSome = options.some((o) => o.values.length > 1 && choice[o.name] !== undefined);
  return (
    <div className="variant-picker mb-3">
      {options.map((option, oi) => {
        const others = options
          .filter((o) => o.name !== option.name && choice[o.name] !== undefined)
          .map((o) => choice[o.name]);
        const needed = missing.includes(option.name);
        return (
          <fieldset
            key={option.name}
            className={`variant-option mb-3 ${needed ? 'variant-option-missing' : ''}`}
            data-option={option.name}
          >
            <legend className="fs-6 fw-semibold mb-2">
              {option.name}
              {choice[option.name] !== undefined && (
                <span className="fw-normal">: {choice[option.name]}</span>
              )}
            </legend>
            <div className="d-flex flex-wrap gap-2">
              {option.values.map((value, vi) => {
                const state = valueState(product, choice, option.name, value);
                const inputId = `${id}-${oi}-${vi}`;
                let note = null;
                if (state === 'soldout') note = MESSAGES.valueSoldOut;
                if (state === 'unsold') note = MESSAGES.valueUnsold(others);
                return (
                  <span key={value}>
                    <input
                      type="radio"
                      className="btn-check"
                      name={`${id}-${oi}`}
                      id={inputId}
                      value={value}
                      checked={choice[option.name] === value}
                      disabled={state !== 'available'}
                      onChange={() => onPick(option.name, value)}
                    />
                    <label
                      className={`btn btn-outline-dark variant-value ${
                        state === 'available' ? '' : 'variant-value-out'
                      }`}
                      htmlFor={inputId}
                      title={note ?? undefined}
                    >
                      {colour?.name === option.name && <Swatch value={value} className="me-1" />}
                      <span className="variant-value-name">{value}</span>
                      {note && (
                        <>
                          {' '}
                          <span className="visually-hidden">({note})</span>
                        </>
                      )}
                    </label>
                  </span>
                );
              })}
            </div>
          </fieldset>
        );
      })}
      {options.length > 1 && chosenSome && (
        <button type="button" className="btn btn-link btn-sm p-0" onClick={onClear}>
          {MESSAGES.clearChoice}
        </button>
      )}
    </div>
  );
}
