// A running sale beside the price: a badge naming it ("Diwali Sale") and when it ends.
// SaleBadge (cards, cart lines) says the day, "Sale ends 5 Nov"; SaleCountdown (the
// product page, components/SaleCountdown) counts down.
// `sale` is a product answer's: {name, endsAt} or null. `as` and `className` are the
// element the line is (a span unless said) and its classes; nothing renders without a sale.
import { runningSale, saleEndsOn } from '../lib/sale';

export function SaleLine({ name, as: Line = 'span', className = '', children }) {
  return (
    <Line
      className={`sale-note d-flex flex-wrap align-items-center column-gap-2 small ${className}`}
      data-testid="sale"
    >
      <span className="badge text-bg-danger">{name}</span>
      {children}
    </Line>
  );
}

export function SaleBadge({ sale, ...line }) {
  const now = Date.now();
  const running = runningSale(sale, now);
  if (!running) return null;
  const ends = running.ends === null ? null : saleEndsOn(running.ends, now);
  return (
    <SaleLine name={running.name} {...line}>
      {ends && <span className="text-danger-emphasis">{ends}</span>}
    </SaleLine>
  );
}
