// `In stock`, `Only N left` (N <= 5) or `Out of stock`, on product pages, cards and the cart.
import { stockLabel, stockOf, LOW_STOCK } from '../lib/stock';

export default function StockBadge({ product, className = '' }) {
  const left = stockOf(product);
  const tone =
    left <= 0 ? 'text-danger' : left <= LOW_STOCK ? 'text-warning-emphasis' : 'text-success';
  return (
    <span className={`stock-badge small fw-semibold ${tone} ${className}`} data-testid="stock">
      {stockLabel(product)}
    </span>
  );
}
