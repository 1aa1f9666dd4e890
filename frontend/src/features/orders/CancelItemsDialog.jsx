// Cancelling some items of an order before it ships, in two steps in one dialog: choose
// how many of each line (a select per line, 0 to what is left), then confirm what will go.
// Keyboard only works throughout (the Modal keeps Tab inside and Escape closes; each step
// puts the focus on its first control); a refusal shows inside the dialog and keeps the
// choice. Closing returns the focus to the button that opened it (the Modal does so).
import { useId, useRef, useState } from 'react';
import Modal from '../../components/ui/Modal';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { AFTER_SALE_MESSAGES as M } from './afterSaleMessages';
import { cancellableLines, lineName } from './afterSale';

function ChooseItems({ lines, chosen, onChange, problem, firstRef }) {
  const id = useId();
  return (
    <>
      <p>{M.cancelItemsIntro}</p>
      <ul className="list-unstyled mb-0">
        {lines.map((line, index) => {
          const name = lineName(line);
          const max = Number(line.quantity);
          return (
            <li
              key={line.lineId}
              className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-2 border-bottom"
            >
              <label htmlFor={`${id}-${index}`} className="mb-0">
                <span className="visually-hidden">{M.quantityToCancel(name)}</span>
                <span aria-hidden="true">{name}</span>
                <span className="d-block small text-body-secondary" aria-hidden="true">
                  {max} in the order
                </span>
              </label>
              <select
                id={`${id}-${index}`}
                ref={index === 0 ? firstRef : undefined}
                className="form-select form-select-sm w-auto"
                value={chosen[line.lineId] ?? 0}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(event) => onChange(line.lineId, Number(event.target.value))}
              >
                {Array.from({ length: max + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {problem && (
        <p id={`${id}-problem`} className="text-danger small mt-2 mb-0" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

function ConfirmItems({ lines, chosen, count, headingRef }) {
  return (
    <>
      <p tabIndex={-1} ref={headingRef} className="fw-semibold">
        {M.cancelItemsConfirmQuestion(count)}
      </p>
      <ul data-testid="items-to-cancel" className="mb-0">
        {lines
          .filter((line) => chosen[line.lineId] > 0)
          .map((line) => (
            <li key={line.lineId}>
              {chosen[line.lineId]} × {lineName(line)}
            </li>
          ))}
      </ul>
    </>
  );
}

// Mounted afresh each time it opens, so each opening starts with nothing chosen.
function CancelItems({ order, busy, error, onClose, onConfirm }) {
  const [chosen, setChosen] = useState({});
  const [step, setStep] = useState('choose');
  const [problem, setProblem] = useState(null);
  const firstRef = useRef(null);
  const headingRef = useRef(null);
  const focusLater = useFocusAfterRender();
  const lines = cancellableLines(order);
  const count = lines.reduce((sum, line) => sum + (chosen[line.lineId] ?? 0), 0);

  function go(next) {
    setStep(next);
    focusLater(() => (next === 'confirm' ? headingRef : firstRef).current?.focus());
  }

  function next() {
    if (count === 0) {
      setProblem(M.cancelItemsNoneChosen);
      firstRef.current?.focus();
      return;
    }
    setProblem(null);
    go('confirm');
  }

  function confirm() {
    onConfirm(
      lines
        .filter((line) => chosen[line.lineId] > 0)
        .map((line) => ({ _id: line.lineId, quantity: chosen[line.lineId] })),
    );
  }

  const footer =
    step === 'choose' ? (
      <>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {M.keepItems}
        </button>
        <button type="button" className="btn btn-primary" onClick={next}>
          {M.cancelItemsNext}
        </button>
      </>
    ) : (
      <>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={busy}
          onClick={() => go('choose')}
        >
          {M.cancelItemsBack}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={confirm}>
          {M.cancelItemsConfirm(count)}
        </button>
      </>
    );

  return (
    <Modal open onClose={onClose} title={M.cancelItemsTitle(order._id)} footer={footer}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'choose') next();
        }}
      >
        {step === 'choose' ? (
          <ChooseItems
            lines={lines}
            chosen={chosen}
            onChange={(lineId, quantity) => setChosen((c) => ({ ...c, [lineId]: quantity }))}
            problem={problem}
            firstRef={firstRef}
          />
        ) : (
          <ConfirmItems lines={lines} chosen={chosen} count={count} headingRef={headingRef} />
        )}
      </form>
      {error && (
        <p className="alert alert-danger mt-3 mb-0" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

export default function CancelItemsDialog({
  order,
  open,
  busy = false,
  error = null,
  onClose,
  onConfirm,
}) {
  if (!order || !open) return null;
  return (
    <CancelItems order={order} busy={busy} error={error} onClose={onClose} onConfirm={onConfirm} />
  );
}
