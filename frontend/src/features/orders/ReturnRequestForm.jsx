// Asking to return or exchange items of a delivered order (contract, "Returns and
// exchanges"): how many of each line not yet returned (a select per line, 0 to what is
// left), the reason, refund or exchange, for an exchange the product's other variants in
// stock (the product is read by its slug through `loadProduct`, which the page gives: a
// feature does not import the catalogue), and an optional note. A problem with the form is
// said beside its field, which takes the focus; the server's refusal (400/409) is said in
// the form and as a toast, and everything typed stays.
import { useId, useRef, useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { useApi } from '../../lib/useApi';
import { describeOptions, variantsOf } from '../../lib/variants';
import { AFTER_SALE_MESSAGES as M } from './afterSaleMessages';
import { RETURN_REASONS, lineName } from './afterSale';

const NOTE_MAX = 500;

// The one product the chosen lines are of (an exchange is for one product), else null.
function productOf(picked) {
  const slugs = [...new Set(picked.map(({ line }) => line.slug))];
  return slugs.length === 1 ? slugs[0] : null;
}

function useExchangeChoices(slug, picked, active, loadProduct) {
  const units = picked.reduce((sum, { quantity }) => sum + quantity, 0);
  const own = new Set(picked.map(({ line }) => String(line.variant ?? '')));
  const wanted = active && Boolean(slug);
  const product = useApi(
    (signal) => (wanted ? loadProduct(slug, { signal }) : Promise.resolve(null)),
    [wanted ? slug : null],
  );
  const variants = wanted
    ? variantsOf(product.data).filter(
        (variant) =>
          !own.has(String(variant._id)) && Number(variant.quantity) >= Math.max(1, units),
      )
    : [];
  return {
    loading: wanted && product.loading,
    failed: wanted && Boolean(product.error),
    reload: product.reload,
    variants,
    label: (variant) => describeOptions(variant.options, product.data) || `#${variant._id}`,
  };
}

function FieldProblem({ id, text }) {
  if (!text) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {text}
    </div>
  );
}

export default function ReturnRequestForm({ returnable, loadProduct, onSubmit, onCancel }) {
  const id = useId();
  const [chosen, setChosen] = useState({});
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState('refund');
  const [variant, setVariant] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState({});
  const [serverError, setServerError] = useState(null);
  const [sending, setSending] = useState(false);
  const fields = { lines: useRef(null), reason: useRef(null), variant: useRef(null) };

  const picked = returnable
    .map(({ line }) => ({ line, quantity: chosen[line.lineId] ?? 0 }))
    .filter(({ quantity }) => quantity > 0);
  const exchange = kind === 'exchange';
  const slug = productOf(picked);
  const choices = useExchangeChoices(slug, picked, exchange, loadProduct);
  const severalProducts = exchange && picked.length > 0 && !slug;
  // A variant chosen before the lines changed may no longer be offered.
  const variantOffered = choices.variants.some((v) => String(v._id) === variant);

  function check() {
    const found = {};
    if (picked.length === 0) found.lines = M.returnNoItems;
    else if (severalProducts) found.lines = M.exchangeOneProduct;
    if (!reason) found.reason = M.returnNoReason;
    if (exchange && !found.lines && !variantOffered) found.variant = M.returnNoVariant;
    return found;
  }

  async function submit(event) {
    event.preventDefault();
    if (sending) return;
    const found = check();
    setProblems(found);
    const first = ['lines', 'reason', 'variant'].find((name) => found[name]);
    if (first) {
      fields[first].current?.focus();
      return;
    }
    setSending(true);
    setServerError(null);
    try {
      await onSubmit({
        lines: picked.map(({ line, quantity }) => ({ _id: line.lineId, quantity })),
        reason,
        kind,
        ...(exchange ? { exchangeVariant: variant } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
    } catch (error) {
      const text = errorMessage(error) ?? MESSAGES.somethingWentWrong;
      setServerError(text);
      toast.error(text);
    } finally {
      setSending(false);
    }
  }

  const described = (name) => (problems[name] ? `${id}-${name}-problem` : undefined);

  return (
    <form onSubmit={submit} noValidate aria-label={M.returnHeading}>
      <fieldset
        className="mb-3"
        aria-describedby={described('lines')}
        aria-invalid={problems.lines ? true : undefined}
      >
        <legend className="h6">{M.returnItemsLegend}</legend>
        <ul className="list-unstyled mb-0">
          {returnable.map(({ line, left }, index) => {
            const name = lineName(line);
            return (
              <li
                key={line.lineId}
                className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-1"
              >
                <label htmlFor={`${id}-line-${index}`} className="mb-0">
                  <span className="visually-hidden">{M.quantityToReturn(name)}</span>
                  <span aria-hidden="true">{name}</span>
                </label>
                <select
                  id={`${id}-line-${index}`}
                  ref={index === 0 ? fields.lines : undefined}
                  className="form-select form-select-sm w-auto"
                  value={chosen[line.lineId] ?? 0}
                  onChange={(event) =>
                    setChosen((c) => ({ ...c, [line.lineId]: Number(event.target.value) }))
                  }
                >
                  {Array.from({ length: left + 1 }, (_, n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </li>
            );
          })}
        </ul>
        <FieldProblem id={`${id}-lines-problem`} text={problems.lines} />
      </fieldset>

      <div className="mb-3">
        <label htmlFor={`${id}-reason`} className="form-label">
          {M.returnReason}
        </label>
        <select
          id={`${id}-reason`}
          ref={fields.reason}
          className={`form-select${problems.reason ? ' is-invalid' : ''}`}
          value={reason}
          aria-invalid={problems.reason ? true : undefined}
          aria-describedby={described('reason')}
          onChange={(event) => setReason(event.target.value)}
        >
          <option value="">{M.chooseReason}</option>
          {RETURN_REASONS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <FieldProblem id={`${id}-reason-problem`} text={problems.reason} />
      </div>

      <fieldset className="mb-3">
        <legend className="h6">{M.returnKindLegend}</legend>
        {[
          ['refund', M.kindRefund],
          ['exchange', M.kindExchange],
        ].map(([value, label]) => (
          <div className="form-check" key={value}>
            <input
              id={`${id}-kind-${value}`}
              className="form-check-input"
              type="radio"
              name={`${id}-kind`}
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            <label htmlFor={`${id}-kind-${value}`} className="form-check-label">
              {label}
            </label>
          </div>
        ))}
      </fieldset>

      {exchange && slug && (
        <div className="mb-3" aria-live="polite">
          {choices.loading && <p className="mb-0">{M.exchangeLoading}</p>}
          {choices.failed && (
            <p className="text-danger mb-0">
              {M.exchangeLoadFailed}{' '}
              <button type="button" className="btn btn-link btn-sm p-0" onClick={choices.reload}>
                {M.tryAgain}
              </button>
            </p>
          )}
          {!choices.loading && !choices.failed && choices.variants.length === 0 && (
            <p className="mb-0">{M.exchangeNoneInStock}</p>
          )}
          {!choices.loading && choices.variants.length > 0 && (
            <>
              <label htmlFor={`${id}-variant`} className="form-label">
                {M.exchangeVariant}
              </label>
              <select
                id={`${id}-variant`}
                ref={fields.variant}
                className={`form-select${problems.variant ? ' is-invalid' : ''}`}
                value={variantOffered ? variant : ''}
                aria-invalid={problems.variant ? true : undefined}
                aria-describedby={described('variant')}
                onChange={(event) => setVariant(event.target.value)}
              >
                <option value="">{M.chooseVariant}</option>
                {choices.variants.map((v) => (
                  <option key={v._id} value={String(v._id)}>
                    {choices.label(v)}
                  </option>
                ))}
              </select>
            </>
          )}
          <FieldProblem id={`${id}-variant-problem`} text={problems.variant} />
        </div>
      )}

      <div className="mb-3">
        <label htmlFor={`${id}-note`} className="form-label">
          {M.returnNote}
        </label>
        <textarea
          id={`${id}-note`}
          className="form-control"
          rows={2}
          maxLength={NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>

      {serverError && (
        <p className="alert alert-danger" role="alert">
          {serverError}
        </p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? M.returnSending : exchange ? M.exchangeSubmit : M.returnSubmit}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {M.returnCloseForm}
          </button>
        )}
      </div>
    </form>
  );
}
