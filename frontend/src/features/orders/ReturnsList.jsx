// The order's returns and exchanges as the buyer follows them: what goes back, why, the
// status, where the money stands (amount and refund state, or the reference of a cash
// refund), the credit note, and for an exchange what comes instead and, once sent, a link
// to its new order. The shop's note shows with a rejection.
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatPrice } from '../../lib/format';
import { describeOptions } from '../../lib/variants';
import { AFTER_SALE_MESSAGES as M } from './afterSaleMessages';
import { RETURN_BADGES, lineName, reasonLabel, refundText, shortDate } from './afterSale';

function ReturnItem({ ret }) {
  const title = ret.kind === 'exchange' ? M.exchangeTitle(ret._id) : M.returnTitle(ret._id);
  const headingId = `return-${ret._id}`;
  const wanted = describeOptions(ret.exchangeOptions);
  return (
    <li className="border rounded p-2 mb-2" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h3 id={headingId} className="h6 mb-0">
          {title}
        </h3>
        <span
          className={`badge ${RETURN_BADGES[ret.status] ?? 'text-bg-light'}`}
          data-testid="return-status"
        >
          {ret.status}
        </span>
      </div>
      <p className="small text-body-secondary mb-1">{M.requestedOn(shortDate(ret.createdAt))}</p>
      <ul className="mb-1" data-testid="return-lines">
        {(ret.lines ?? []).map((line) => (
          <li key={line._id}>
            {line.quantity} × {line.name ? lineName(line) : `#${line._id}`}
          </li>
        ))}
      </ul>
      <p className="mb-1">{M.returnReasonText(reasonLabel(ret.reason))}</p>
      {ret.kind === 'exchange' && wanted && <p className="mb-1">{M.exchangeFor(wanted)}</p>}
      {ret.kind !== 'exchange' && (
        <p className="mb-1 fw-semibold" data-testid="return-refund">
          {refundText(ret, formatPrice)}
        </p>
      )}
      {ret.creditNoteNumber && (
        <p className="mb-1 small">{M.creditNoteText(ret.creditNoteNumber)}</p>
      )}
      {ret.exchangeOrder && (
        <p className="mb-1">
          <Link to={paths.userOrder(ret.exchangeOrder)}>
            {M.exchangeOrderLink(ret.exchangeOrder)}
          </Link>
        </p>
      )}
      {ret.note && <p className="mb-1 small text-body-secondary">{M.yourNote(ret.note)}</p>}
      {ret.adminNote && <p className="mb-0 small">{M.shopNote(ret.adminNote)}</p>}
    </li>
  );
}

export default function ReturnsList({ returns, error = null }) {
  if (!error && !returns?.length) return null;
  return (
    <section className="card shadow-sm mb-3" aria-labelledby="order-returns">
      <div className="card-body">
        <h2 id="order-returns" className="h5">
          {M.returnsHeading}
        </h2>
        {error && (
          <p className="alert alert-danger mb-2" role="alert">
            {M.returnsLoadFailed}
          </p>
        )}
        {returns?.length > 0 && (
          <ul className="list-unstyled mb-0" data-testid="returns">
            {returns.map((ret) => (
              <ReturnItem key={ret._id} ret={ret} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
