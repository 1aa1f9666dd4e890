// One order: number, date, status, items (with their options, "Size: M · Colour: Black",
// when the line is a variant) with quantity and price, total, address, and the
// courier and tracking number once entered. The admin's screens add the buyer's phone and
// email (`showBuyer`). The `actions` slot holds Cancel (shopper) or the status control
// (admin).
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatPrice } from '../../lib/format';
import { describeOptions } from '../../lib/variants';
import { orderDate } from './orderFormat';

const BADGES = {
  'Not Processed': 'text-bg-secondary',
  Processing: 'text-bg-info',
  Shipped: 'text-bg-primary',
  Delivered: 'text-bg-success',
  Cancelled: 'text-bg-danger',
};

export default function OrderCard({ order, showBuyer = false, actions = null }) {
  const headingId = `order-${order._id}`;
  return (
    <article className="card shadow-sm mb-3" aria-labelledby={headingId}>
      <div className="card-header d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h2 id={headingId} className="h6 mb-0">
          Order #{order._id}
        </h2>
        <span className="text-body-secondary small">{orderDate(order.createdAt)}</span>
        <span className={`badge ${BADGES[order.status] ?? 'text-bg-light'}`} data-testid="status">
          {order.status}
        </span>
      </div>
      <div className="card-body">
        {showBuyer && (
          <p className="mb-2">
            <strong>Buyer:</strong> {order.buyer?.name}
            {order.buyer?.phone && (
              <>
                {' · '}
                <a href={`tel:+91${order.buyer.phone}`}>{order.buyer.phone}</a>
              </>
            )}
            {order.buyer?.email && (
              <>
                {' · '}
                <a href={`mailto:${order.buyer.email}`}>{order.buyer.email}</a>
              </>
            )}
          </p>
        )}
        <table className="table table-sm align-middle mb-2">
          <caption className="visually-hidden">Items of order #{order._id}</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="text-end">
                Quantity
              </th>
              <th scope="col" className="text-end">
                Price
              </th>
            </tr>
          </thead>
          <tbody>
            {order.products.map((line) => (
              // Two sizes of one product are two lines of one product id.
              <tr key={`${line._id}:${line.variant ?? ''}`}>
                <td>
                  <Link to={paths.product(line.slug)}>{line.name}</Link>
                  {describeOptions(line.options) && (
                    <div className="small text-body-secondary" data-testid="line-options">
                      {describeOptions(line.options)}
                    </div>
                  )}
                </td>
                <td className="text-end">{line.quantity}</td>
                <td className="text-end">{formatPrice(line.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="fw-bold mb-1">Total: {formatPrice(order.total)}</p>
        <p className="mb-1">
          <strong>Payment:</strong> Cash on delivery{order.payment?.success ? ' (paid)' : ''}
        </p>
        <p className="mb-0 text-body-secondary">
          <strong>Deliver to:</strong> {order.address}
        </p>
        {(order.courier || order.trackingNumber) && (
          <p className="mb-0 mt-1" data-testid="tracking">
            <strong>Shipped with:</strong> {order.courier || 'Courier not given'}
            {order.trackingNumber && <>, tracking number {order.trackingNumber}</>}
          </p>
        )}
        {actions && <div className="mt-3">{actions}</div>}
      </div>
    </article>
  );
}
