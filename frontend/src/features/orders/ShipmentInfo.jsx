// Where the parcel is (contract, "Shipments"): the courier and AWB, "Track your parcel" on
// the courier's own page (a new tab, without access back to this one), and the day it
// should arrive, "Arriving by Tue, 1 Dec", or the day it was delivered. Before shipping,
// only the expected day when the answer has one; an answer from before shipments (no
// `shipment`) shows the courier and tracking number it carries, as before.
import { AFTER_SALE_MESSAGES as M } from './afterSaleMessages';
import { calendarDay, shortDate } from './afterSale';

// Only a web page of the courier's is linked (the server builds it from an https template).
const safeUrl = (url) => (typeof url === 'string' && /^https:\/\//i.test(url) ? url : null);

export default function ShipmentInfo({ order }) {
  const shipment = order.shipment ?? null;
  const delivered = shipment?.deliveredAt ? shortDate(shipment.deliveredAt) : '';
  const over = ['Cancelled', 'Returned'].includes(order.status);
  const expected = !delivered && !over ? calendarDay(order.expectedDelivery) : '';

  if (!shipment) {
    const old = order.courier || order.trackingNumber;
    if (!old && !expected) return null;
    return (
      <div className="mt-1" data-testid="tracking">
        {old && (
          <p className="mb-0">
            <strong>Shipped with:</strong> {order.courier || 'Courier not given'}
            {order.trackingNumber && <>, tracking number {order.trackingNumber}</>}
          </p>
        )}
        {expected && (
          <p className="mb-0 fw-semibold text-success" data-testid="expected-delivery">
            {M.arrivingBy(expected)}
          </p>
        )}
      </div>
    );
  }

  const url = safeUrl(shipment.trackingUrl);
  return (
    <section className="mt-2" aria-label={M.shipmentHeading} data-testid="tracking">
      <dl className="d-flex flex-wrap column-gap-3 mb-0">
        {shipment.courier && (
          <div className="d-flex gap-1">
            <dt>{M.courier}:</dt>
            <dd className="mb-0">{shipment.courier}</dd>
          </div>
        )}
        {shipment.awb && (
          <div className="d-flex gap-1">
            <dt>{M.awb}:</dt>
            <dd className="mb-0">
              <code>{shipment.awb}</code>
            </dd>
          </div>
        )}
      </dl>
      {shipment.shippedAt && (
        <p className="mb-0 small text-body-secondary">
          {M.shippedOn(shortDate(shipment.shippedAt))}
        </p>
      )}
      {delivered && (
        <p className="mb-0 fw-semibold" data-testid="delivered-on">
          {M.deliveredOn(delivered)}
        </p>
      )}
      {expected && (
        <p className="mb-0 fw-semibold text-success" data-testid="expected-delivery">
          {M.arrivingBy(expected)}
        </p>
      )}
      {url && !delivered && (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-outline-primary btn-sm mt-1"
          aria-label={shipment.courier ? M.trackParcelLabel(shipment.courier) : undefined}
        >
          {M.trackParcel}
        </a>
      )}
    </section>
  );
}
