// "M.R.P. ₹1,999" struck through, the price, then "25% off" (cards, the product page and
// the cart). Screen readers hear "Maximum retail price ₹1,999" (a strike is not read out),
// then the price and the percentage. Without an MRP above the price only the price shows.
// `children` is the price as the caller shows it (its own element, style and test id).
import { formatPrice } from '../lib/format';
import { percentOff } from '../lib/mrp';

export function MrpStruck({ mrp, price }) {
  if (percentOff(mrp, price) === null) return null;
  const text = formatPrice(mrp);
  return (
    <s className="mrp small text-body-secondary fw-normal" data-testid="mrp">
      <span aria-hidden="true">M.R.P. {text}</span>
      <span className="visually-hidden">Maximum retail price {text}</span>
    </s>
  );
}

export function PercentOff({ mrp, price }) {
  const off = percentOff(mrp, price);
  if (off === null) return null;
  return (
    <span className="mrp-off small text-danger fw-semibold" data-testid="percent-off">
      {off}% off
    </span>
  );
}

// The three in a row, wrapping on a narrow screen; the price alone, as given, without an
// MRP above it.
export default function MrpPrice({ mrp, price, className = '', children }) {
  if (percentOff(mrp, price) === null) return children;
  return (
    <span className={`d-inline-flex flex-wrap align-items-baseline column-gap-2 ${className}`}>
      <MrpStruck mrp={mrp} price={price} />
      {children}
      <PercentOff mrp={mrp} price={price} />
    </span>
  );
}
