// The admin's returns queue as a table: each return with its order (a link to it in All
// Orders) and buyer, the items coming back, the reason and the buyer's note, refund or
// exchange (for what), the status with the money (refund amount, credit note, the cash
// refund's reference or the gateway refund's state, the exchange's new order) and the
// moves its state allows (ReturnActions). A row's status cell takes the focus after a move
// (the button pressed is gone by then).
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { describeOptions } from '../../../lib/variants';
import { RETURNS_MESSAGES as M } from './returnsMessages';
import ReturnActions from './ReturnActions';

export const REASONS = {
  damaged: 'Damaged or defective',
  'wrong-item': 'Wrong item sent',
  size: 'Size or fit',
  'not-as-described': 'Not as described',
  'changed-mind': 'Changed my mind',
};

export const RETURN_STATUSES = [
  'Requested',
  'Approved',
  'Rejected',
  'Received',
  'Refunded',
  'Exchanged',
];

const BADGES = {
  Requested: 'text-bg-warning',
  Approved: 'text-bg-info',
  Rejected: 'text-bg-danger',
  Received: 'text-bg-primary',
  Refunded: 'text-bg-success',
  Exchanged: 'text-bg-success',
};

export const statusCellId = (id) => `return-status-${id}`;

const dateOf = (iso) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
};

function Items({ lines }) {
  return (
    <ul className="list-unstyled mb-0">
      {(lines ?? []).map((line) => {
        const options = describeOptions(line.options);
        return (
          <li key={line._id}>
            {line.quantity} × {line.name ?? `line ${line._id}`}
            {options && <span className="small text-body-secondary"> ({options})</span>}
            {line.sku && <span className="small text-body-secondary"> · {line.sku}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function Money({ ret }) {
  const rows = [];
  // An exchange's amount is what its credit note credits: nothing is paid back.
  if (Number(ret.refundAmount) > 0) {
    const amount = formatPrice(ret.refundAmount);
    rows.push(ret.kind === 'exchange' ? M.credited(amount) : M.refundAmount(amount));
  }
  if (ret.creditNoteNumber) rows.push(M.creditNote(ret.creditNoteNumber));
  if (ret.refundReference) rows.push(M.refundReference(ret.refundReference));
  if (ret.refund?.status) rows.push(M.gatewayRefund(ret.refund.status));
  return (
    <>
      {rows.map((row) => (
        <div key={row} className="small">
          {row}
        </div>
      ))}
      {ret.exchangeOrder && (
        <div className="small">
          <Link to={`${paths.adminOrders}?q=${encodeURIComponent(ret.exchangeOrder)}`}>
            {M.exchangeOrder(ret.exchangeOrder)}
          </Link>
        </div>
      )}
    </>
  );
}

export default function ReturnsTable({ returns, busyId, onMove, paymentOf }) {
  return (
    <div className="table-responsive">
      <table className="table align-top">
        <caption className="visually-hidden">{M.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{M.colReturn}</th>
            <th scope="col">{M.colOrder}</th>
            <th scope="col">{M.colItems}</th>
            <th scope="col">{M.colReason}</th>
            <th scope="col">{M.colKind}</th>
            <th scope="col">{M.colStatus}</th>
            <th scope="col">{M.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {returns.map((ret) => {
            const wanted = describeOptions(ret.exchangeOptions);
            return (
              <tr key={ret._id} data-testid={`return-${ret._id}`}>
                <th scope="row">
                  #{ret._id}
                  <div className="small fw-normal text-body-secondary">{dateOf(ret.createdAt)}</div>
                </th>
                <td>
                  <Link to={`${paths.adminOrders}?q=${encodeURIComponent(ret.order)}`}>
                    {M.orderLink(ret.order)}
                  </Link>
                  {ret.buyer?.name && <div className="small">{ret.buyer.name}</div>}
                  {ret.buyer?.phone && (
                    <div className="small">
                      <a href={`tel:+91${ret.buyer.phone}`}>{ret.buyer.phone}</a>
                    </div>
                  )}
                </td>
                <td>
                  <Items lines={ret.lines} />
                </td>
                <td>
                  {REASONS[ret.reason] ?? ret.reason}
                  {ret.note && (
                    <div className="small text-body-secondary">{M.buyerNote(ret.note)}</div>
                  )}
                </td>
                <td>
                  {ret.kind === 'exchange' ? M.kindExchange : M.kindRefund}
                  {ret.kind === 'exchange' && wanted && (
                    <div className="small text-body-secondary">{M.exchangeFor(wanted)}</div>
                  )}
                </td>
                <td id={statusCellId(ret._id)} tabIndex={-1}>
                  <span className={`badge ${BADGES[ret.status] ?? 'text-bg-light'}`}>
                    {ret.status}
                  </span>
                  <Money ret={ret} />
                  {ret.adminNote && <div className="small">{M.adminNote(ret.adminNote)}</div>}
                </td>
                <td style={{ minWidth: '14rem' }}>
                  <ReturnActions
                    key={ret.status}
                    ret={ret}
                    busy={busyId === ret._id}
                    onMove={onMove}
                    paymentOf={paymentOf}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
