// The product page's sale line: "Sale ends in 2d 4h", updated each minute; it hides itself
// at the end and then calls `onEnd` (the page loads the product again, now at its regular
// price). Apart from SaleBadge so that the first page's bundle does not carry it.
import { runningSale, saleEnd } from '../lib/sale';
import { saleCountdown } from '../lib/saleCountdown';
import { useCountdown } from '../lib/useCountdown';
import { SaleLine } from './SaleBadge';

export function SaleCountdown({ sale, onEnd, ...line }) {
  const now = useCountdown(saleEnd(sale), onEnd);
  const running = runningSale(sale, now);
  if (!running) return null;
  const left = running.ends === null ? null : saleCountdown(running.ends, now);
  return (
    <SaleLine name={running.name} {...line}>
      {left && (
        <span className="text-danger-emphasis" data-testid="sale-countdown">
          <span aria-hidden="true">{left.text}</span>
          <span className="visually-hidden">{left.spoken}</span>
        </span>
      )}
    </SaleLine>
  );
}
