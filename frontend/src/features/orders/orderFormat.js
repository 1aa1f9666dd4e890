// Shared pieces of the order screens.
// An order paid online waits in this status until the payment is verified.
export const AWAITING_PAYMENT = 'Awaiting Payment';
export const ORDER_STATUSES = [
  AWAITING_PAYMENT,
  'Not Processed',
  'Processing',
  'Shipped',
  'Delivered',
  'Cancelled',
  'Returned',
];
export const ORDERS_PER_PAGE = 20;

export const isAwaitingPayment = (order) => order?.status === AWAITING_PAYMENT;

// The buyer may cancel what the server allows next, and an order still awaiting its
// online payment (nothing was paid; its reserved stock goes back).
export function canCancel(order) {
  return (order?.nextStatuses ?? []).includes('Cancelled') || order?.status === AWAITING_PAYMENT;
}

// An awaiting order can be paid again from Your Orders when its answer carries the
// Razorpay order (`razorpay: {orderId, ...}`, checkout's shape) and the shop still takes
// online payments; otherwise the buyer can only cancel it.
export function canPayNow(order, settings) {
  return (
    order?.status === AWAITING_PAYMENT && Boolean(settings) && Boolean(order?.razorpay?.orderId)
  );
}

export function orderDate(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

export function itemCount(order) {
  return (order?.products ?? []).reduce((sum, line) => sum + (Number(line.quantity) || 0), 0);
}

// A line's GST as the invoice splits it: "CGST ₹76.27 + SGST ₹76.27" within the shop's
// state, "IGST ₹152.54" outside it; null for a line from before tax lines (no rate).
export function lineTax(line, formatPrice) {
  if (line?.gstRate === undefined || line?.gstRate === null) return null;
  const igst = Number(line.igst) || 0;
  const cgst = Number(line.cgst) || 0;
  const sgst = Number(line.sgst) || 0;
  let split = '';
  if (igst > 0) split = `IGST ${formatPrice(igst)}`;
  else if (cgst > 0 || sgst > 0) split = `CGST ${formatPrice(cgst)} + SGST ${formatPrice(sgst)}`;
  return { rate: `${Number(line.gstRate)}%`, split };
}

// A safe file name part from an invoice number ("SS/2026-27/7" -> "SS-2026-27-7").
export const fileSafe = (text) => String(text ?? '').replace(/[^A-Za-z0-9._-]+/g, '-');

// Where the order goes, in one line: the structured address when it has one.
export function deliveryText(order) {
  const address = order?.shippingAddress;
  if (!address) return order?.address ?? '';
  const parts = [address.name, address.line1, address.line2, address.city];
  const place = `${address.state ?? ''} ${address.pincode ?? ''}`.trim();
  const text = [...parts, place]
    .map((part) => String(part ?? '').trim())
    .filter(Boolean)
    .join(', ');
  return address.phone ? `${text} (phone ${address.phone})` : text;
}
