// Each status the order reached and when, oldest first (the order answer's
// `statusHistory`); nothing for an answer without one.
import { statusLabel } from './OrderCard';
import { orderDate } from './orderFormat';

export default function StatusHistory({ history }) {
  if (!history?.length) return null;
  return (
    <section className="card shadow-sm mb-3" aria-labelledby="status-history">
      <div className="card-body">
        <h2 id="status-history" className="h5">
          Status history
        </h2>
        <ol className="order-history list-unstyled mb-0" data-testid="status-history">
          {history.map((change, index) => (
            // A status is reached once, but the key does not rely on it.
            <li
              key={`${index}:${change.status}`}
              className="d-flex flex-wrap justify-content-between gap-2 border-start border-2 ps-3 pb-2"
            >
              <span className="fw-semibold">{statusLabel(change.status)}</span>
              <time dateTime={change.at} className="text-body-secondary">
                {orderDate(change.at)}
              </time>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
