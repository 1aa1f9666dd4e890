// One order: number, date, status, items (with their options, "Size: M · Colour: Black",
// when the line is a variant) with quantity and price, total, address, and the shipment
// once it ships (courier, AWB, the tracking link, the day it should arrive; ShipmentInfo).
// A line partly or wholly cancelled before shipping says how many units went
// ("Cancelled: 1"; its quantity is what is left). The admin's screens add the buyer's
// phone and email (`showBuyer`). The `actions` slot holds Cancel (shopper) or the status
// control (admin). Orders with tax lines show each line's HSN and GST (rate, and CGST +
// SGST or IGST), the delivery charge and the tax included, the structured shipping
// address, and the invoice (once shipped) and credit notes (OrderDocuments) to download.
// An order placed with a coupon shows its code and the discount it gave, and each line's
// share of it in a Discount column (only when a line has one).
// A business buyer's order shows its GSTIN and business name ("GSTIN: ... (name)"): its
// invoice is a B2B tax invoice.
// Payment: cash on delivery, or online ("Awaiting payment" until Razorpay's payment is
// verified, then "Paid online" with its payment id), and a paid order's refund once it was
// cancelled or returned ("Refund pending", "Refunded", "Refund failed"). Admin cards add
// the gateway's ids and the amounts paid and refunded when the answer carries them.
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatPrice } from '../../lib/format';
import { describeOptions } from '../../lib/variants';
import OrderDocuments from './OrderDocuments';
import ShipmentInfo from './ShipmentInfo';
import { AFTER_SALE_MESSAGES } from './afterSaleMessages';
import { cancelledOf } from './afterSale';
import { AWAITING_PAYMENT, lineTax, orderDate } from './orderFormat';

function ShippingAddress({ address }) {
  return (
    <address className="mb-0 text-body-secondary" data-testid="shipping-address">
      <strong>Deliver to:</strong> {address.name}, {address.line1}
      {address.line2 ? `, ${address.line2}` : ''}, {address.city}, {address.state} {address.pincode}
      {address.phone ? ` (phone ${address.phone})` : ''}
    </address>
  );
}

function TaxCells({ line }) {
  const tax = lineTax(line, formatPrice);
  return (
    <>
      <td>{line.hsn || '-'}</td>
      <td data-testid="line-gst">
        {tax ? (
          <>
            {tax.rate}
            {tax.split && <div className="small text-body-secondary">{tax.split}</div>}
          </>
        ) : (
          '-'
        )}
      </td>
    </>
  );
}

const REFUNDS = {
  pending: { text: 'Refund pending', badge: 'text-bg-warning' },
  processed: { text: 'Refunded', badge: 'text-bg-success' },
  failed: { text: 'Refund failed', badge: 'text-bg-danger' },
};

export function paymentText(order) {
  const payment = order.payment ?? {};
  if (payment.method !== 'razorpay') {
    return `Cash on delivery${payment.success ? ' (paid)' : ''}`;
  }
  if (payment.success) return 'Paid online';
  return order.status === AWAITING_PAYMENT ? 'Online, awaiting payment' : 'Online, not paid';
}

function PaymentLine({ order }) {
  const payment = order.payment ?? {};
  const refund = REFUNDS[payment.refundStatus];
  return (
    <p className="mb-1" data-testid="order-payment">
      <strong>Payment:</strong> {paymentText(order)}
      {payment.method === 'razorpay' && payment.paymentId && (
        <span className="text-body-secondary">
          {' '}
          (payment ID <code>{payment.paymentId}</code>)
        </span>
      )}
      {refund && (
        <>
          {' '}
          <span className={`badge ${refund.badge}`} data-testid="refund">
            {refund.text}
          </span>
        </>
      )}
    </p>
  );
}

// The admin's view of the payment: only the keys the answer has.
function PaymentDetails({ payment }) {
  const rows = [
    ['Method', payment.method === 'razorpay' ? 'Razorpay' : 'Cash on delivery'],
    ['Razorpay order', payment.gatewayOrderId && <code>{payment.gatewayOrderId}</code>],
    ['Razorpay payment', payment.paymentId && <code>{payment.paymentId}</code>],
    ['Paid', payment.paid != null && formatPrice(payment.paid)],
    ['Refunded', payment.refunded != null && formatPrice(payment.refunded)],
  ].filter(([, value]) => value);
  if (!['gatewayOrderId', 'paid', 'refunded'].some((key) => payment[key] != null)) return null;
  return (
    <dl className="order-payment-details small mb-1" data-testid="payment-details">
      {rows.map(([term, value]) => (
        <div key={term} className="d-flex gap-2">
          <dt className="fw-normal text-body-secondary">{term}</dt>
          <dd className="mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

// The server's status names, as the badge says them.
const STATUS_LABELS = { [AWAITING_PAYMENT]: 'Awaiting payment' };
export const statusLabel = (status) => STATUS_LABELS[status] ?? status;

const minus = (amount) => `−${formatPrice(amount)}`;
const hasDiscount = (line) => Number(line.discount) > 0;

const BADGES = {
  [AWAITING_PAYMENT]: 'text-bg-warning',
  'Not Processed': 'text-bg-secondary',
  Processing: 'text-bg-info',
  Shipped: 'text-bg-primary',
  Delivered: 'text-bg-success',
  Cancelled: 'text-bg-danger',
  Returned: 'text-bg-warning',
};

export default function OrderCard({ order, showBuyer = false, actions = null }) {
  const headingId = `order-${order._id}`;
  // Orders placed before tax lines have no rates: their table stays as it was.
  const taxed = order.products.some((line) => lineTax(line, formatPrice));
  const hasCharge = order.deliveryCharge !== undefined && order.deliveryCharge !== null;
  const discounted = order.products.some(hasDiscount);
  const discountTotal = Number(order.discountTotal) || 0;
  return (
    <article className="card shadow-sm mb-3" aria-labelledby={headingId}>
      <div className="card-header d-flex flex-wrap justify-content-between align-items-center gap-2">
        <h2 id={headingId} className="h6 mb-0">
          Order #{order._id}
        </h2>
        <span className="text-body-secondary small">{orderDate(order.createdAt)}</span>
        <span className={`badge ${BADGES[order.status] ?? 'text-bg-light'}`} data-testid="status">
          {STATUS_LABELS[order.status] ?? order.status}
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
              {discounted && (
                <th scope="col" className="text-end">
                  Discount
                </th>
              )}
              {taxed && (
                <>
                  <th scope="col">HSN</th>
                  <th scope="col">GST</th>
                </>
              )}
            </tr>
          </thead>
          <tbody>
            {order.products.map((line) => (
              // Two sizes of one product are two lines of one product id.
              <tr
                key={line.lineId ?? `${line._id}:${line.variant ?? ''}`}
                className={Number(line.quantity) === 0 ? 'text-body-secondary' : undefined}
              >
                <td>
                  <Link to={paths.product(line.slug)}>{line.name}</Link>
                  {describeOptions(line.options) && (
                    <div className="small text-body-secondary" data-testid="line-options">
                      {describeOptions(line.options)}
                    </div>
                  )}
                </td>
                <td className="text-end">
                  {line.quantity}
                  {cancelledOf(line) > 0 && (
                    <div className="small text-danger" data-testid="line-cancelled">
                      {AFTER_SALE_MESSAGES.cancelledQuantity(cancelledOf(line))}
                    </div>
                  )}
                </td>
                <td className="text-end">{formatPrice(line.price)}</td>
                {discounted && (
                  <td className="text-end" data-testid="line-discount">
                    {hasDiscount(line) ? minus(line.discount) : ''}
                  </td>
                )}
                {taxed && <TaxCells line={line} />}
              </tr>
            ))}
          </tbody>
        </table>
        {(order.coupon || discountTotal > 0) && (
          <p className="mb-1" data-testid="order-discount">
            {order.coupon ? (
              <>
                Coupon <strong>{order.coupon}</strong>:{' '}
              </>
            ) : (
              'Discount: '
            )}
            {discountTotal > 0 ? minus(discountTotal) : 'no discount'}
          </p>
        )}
        {hasCharge && (
          <p className="mb-1" data-testid="order-delivery">
            Delivery:{' '}
            {Number(order.deliveryCharge) > 0 ? formatPrice(order.deliveryCharge) : 'Free'}
          </p>
        )}
        <p className="fw-bold mb-1">Total: {formatPrice(order.total)}</p>
        {order.taxTotal !== undefined && order.taxTotal !== null && (
          <p className="small text-body-secondary mb-1" data-testid="order-tax">
            Includes GST of {formatPrice(order.taxTotal)}
          </p>
        )}
        <PaymentLine order={order} />
        {showBuyer && order.payment && <PaymentDetails payment={order.payment} />}
        {order.shippingAddress ? (
          <ShippingAddress address={order.shippingAddress} />
        ) : (
          <p className="mb-0 text-body-secondary">
            <strong>Deliver to:</strong> {order.address}
          </p>
        )}
        {order.buyerGstin && (
          <p className="mb-0 mt-1" data-testid="order-gstin">
            <strong>GSTIN:</strong> {order.buyerGstin}
            {order.businessName ? ` (${order.businessName})` : ''}
          </p>
        )}
        {order.invoiceNumber && (
          <p className="mb-0 mt-1 small" data-testid="invoice-number">
            Invoice {order.invoiceNumber}
          </p>
        )}
        <ShipmentInfo order={order} />
        <OrderDocuments order={order} />
        {actions && <div className="mt-3">{actions}</div>}
      </div>
    </article>
  );
}
