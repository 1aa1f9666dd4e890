// One figure struck through before the price, then "25% off" (cards, the product page and
// the cart): the maximum retail price, "M.R.P. ₹1,999", when it is above the price; else,
// while a sale takes the price below it, the regular price, "₹1,999". Screen readers hear
// "Maximum retail price ₹1,999" or "Regular price ₹1,999" (a strike is not read out), then
// the price and the percentage. With neither above the price only the price shows.
// `children` is the price as the caller shows it (its own element, style and test id).
import { formatPrice } from '../lib/format';
import { struckPrice } from '../lib/mrp';

const SPOKEN = { mrp: 'Maximum retail price', regular: 'Regular price' };

function Struck({ struck }) {
  const text = formatPrice(struck.amount);
  const mrp = struck.kind === 'mrp';
  return (
    <s
      className="mrp small text-body-secondary fw-normal"
      data-testid={mrp ? 'mrp' : 'regular-price'}
    >
      <span aria-hidden="true">{mrp ? `M.R.P. ${text}` : text}</span>
      <span className="visually-hidden">{`${SPOKEN[struck.kind]} ${text}`}</span>
    </s>
  );
}

// The three in a row, wrapping on a narrow screen; the price alone, as given, without a
// figure above it. `regular` is the price without a sale (null when unknown).
export default function MrpPrice({ mrp, regular = null, price, className = '', children }) {
  const struck = struckPrice({ mrp, regular, price });
  if (!struck) return children;
  return (
    <span className={`d-inline-flex flex-wrap align-items-baseline column-gap-2 ${className}`}>
      <Struck struck={struck} />
      {children}
      <span className="mrp-off small text-danger fw-semibold" data-testid="percent-off">
        {struck.off}% off
      </span>
    </span>
  );
}
