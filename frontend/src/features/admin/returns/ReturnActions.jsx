// The moves an admin may make on one return, by its state (docs/returns.md, "States"):
// Requested: Approve or Reject; Approved: Mark received (or Reject: the parcel never
// came); Received: Refund (kind refund) or Mark exchanged (kind exchange). A note goes
// with any move (a rejection's reason). Refund is a second step: a cash-on-delivery order
// needs the UPI or bank transfer reference of the money paid back (required here as by
// the server), an online one goes back through the gateway and takes no reference; the
// order's payment method is read when the step opens (`paymentOf`, the page's). A refusal
// shows beside the buttons and as a toast, and what was typed stays.
import { useId, useRef, useState } from 'react';
import toast from '../../../lib/toast';
import { MESSAGES } from '../../../constants/messages';
import { errorMessage } from '../../../lib/apiClient';
import { formatPrice } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { RETURNS_MESSAGES as M } from './returnsMessages';

const ACTIONS = {
  Approved: { label: M.approve, className: 'btn-success' },
  Rejected: { label: M.reject, className: 'btn-outline-danger' },
  Received: { label: M.markReceived, className: 'btn-primary' },
  Refunded: { label: M.refund, className: 'btn-primary' },
  Exchanged: { label: M.markExchanged, className: 'btn-primary' },
};

const FALLBACK = {
  Requested: ['Approved', 'Rejected'],
  Approved: ['Received', 'Rejected'],
  Received: ['Refunded', 'Exchanged'],
};

// Where this return may go now: the server's `nextStatuses`, else its state machine; a
// refund is never marked exchanged, nor an exchange refunded.
export function nextMoves(ret) {
  const next = Array.isArray(ret?.nextStatuses) ? ret.nextStatuses : (FALLBACK[ret?.status] ?? []);
  return next.filter(
    (status) =>
      ACTIONS[status] &&
      !(status === 'Refunded' && ret.kind === 'exchange') &&
      !(status === 'Exchanged' && ret.kind !== 'exchange'),
  );
}

const knownMethod = (ret) => ret?.paymentMethod ?? ret?.payment?.method ?? null;

function RefundStep({ ret, id, payment, reference, setReference, problem, referenceRef }) {
  if (payment.loading) return <p className="small mb-2">{M.checkingPayment}</p>;
  if (payment.error) {
    return (
      <p className="small text-danger mb-2">
        {M.paymentUnknown}{' '}
        <button type="button" className="btn btn-link btn-sm p-0" onClick={payment.reload}>
          {M.tryAgain}
        </button>
      </p>
    );
  }
  if (payment.data !== 'cod') return <p className="small mb-2">{M.onlineRefund}</p>;
  const due = Number(ret.refundAmount) > 0;
  return (
    <div className="mb-2">
      <label htmlFor={`${id}-reference`} className="form-label small mb-1">
        {M.referenceLabel(ret._id)}
      </label>
      <input
        id={`${id}-reference`}
        ref={referenceRef}
        className={`form-control form-control-sm${problem ? ' is-invalid' : ''}`}
        maxLength={100}
        required={due}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-reference-help${problem ? ` ${id}-reference-problem` : ''}`}
        value={reference}
        onChange={(event) => setReference(event.target.value)}
      />
      <div id={`${id}-reference-help`} className="form-text">
        {M.referenceHelp}
      </div>
      {problem && (
        <div id={`${id}-reference-problem`} className="invalid-feedback d-block">
          {problem}
        </div>
      )}
    </div>
  );
}

export default function ReturnActions({ ret, busy = false, onMove, paymentOf }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [reference, setReference] = useState('');
  const [refunding, setRefunding] = useState(false);
  const [problem, setProblem] = useState(null);
  const [error, setError] = useState(null);
  const referenceRef = useRef(null);
  const moves = nextMoves(ret);
  // The order's payment method, read when the refund step opens (unless the return says).
  const given = knownMethod(ret);
  const payment = useApi(
    (signal) => {
      if (!refunding) return null;
      return given ?? paymentOf(ret.order, { signal });
    },
    [refunding, ret.order, given],
  );
  const paymentKnown = refunding && !payment.loading && !payment.error;
  const cod = paymentKnown && payment.data === 'cod';

  if (moves.length === 0) return <p className="small text-body-secondary mb-0">{M.final}</p>;

  async function move(status) {
    setError(null);
    let refundReference;
    if (status === 'Refunded' && cod) {
      refundReference = reference.trim() || undefined;
      // Nothing to pay back (a whole-order return credited it already): no reference due.
      if (!refundReference && Number(ret.refundAmount) > 0) {
        setProblem(M.referenceNeeded);
        referenceRef.current?.focus();
        return;
      }
    }
    setProblem(null);
    try {
      await onMove(ret, status, { note: note.trim(), refundReference });
      setNote('');
      setReference('');
      setRefunding(false);
    } catch (failure) {
      const text = errorMessage(failure) ?? MESSAGES.somethingWentWrong;
      setError(text);
      toast.error(text);
    }
  }

  return (
    <form
      aria-label={M.actionsLabel(ret._id)}
      onSubmit={(event) => event.preventDefault()}
      className="return-actions"
    >
      <label htmlFor={`${id}-note`} className="form-label small mb-1">
        {M.noteLabel(ret._id)}
      </label>
      <textarea
        id={`${id}-note`}
        className="form-control form-control-sm mb-2"
        rows={1}
        maxLength={500}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      {refunding && (
        <RefundStep
          ret={ret}
          id={id}
          payment={payment}
          reference={reference}
          setReference={setReference}
          problem={problem}
          referenceRef={referenceRef}
        />
      )}
      <div className="d-flex flex-wrap gap-2">
        {refunding ? (
          <>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy || !paymentKnown}
              aria-label={M.actionLabel(M.confirmRefund(formatPrice(ret.refundAmount)), ret._id)}
              onClick={() => move('Refunded')}
            >
              {M.confirmRefund(formatPrice(ret.refundAmount))}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              disabled={busy}
              onClick={() => {
                setRefunding(false);
                setProblem(null);
              }}
            >
              {M.back}
            </button>
          </>
        ) : (
          moves.map((status) => (
            <button
              key={status}
              type="button"
              className={`btn btn-sm ${ACTIONS[status].className}`}
              disabled={busy}
              aria-label={M.actionLabel(ACTIONS[status].label, ret._id)}
              onClick={() => (status === 'Refunded' ? setRefunding(true) : move(status))}
            >
              {ACTIONS[status].label}
            </button>
          ))
        )}
      </div>
      {error && (
        <p className="alert alert-danger small py-1 px-2 mt-2 mb-0" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
