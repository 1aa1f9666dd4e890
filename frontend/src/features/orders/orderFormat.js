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

export function canCancel(order) {
  return (order?.nextStatuses ?? []).includes('Cancelled');
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

// A fresh key per checkout attempt: a double click or a retry of the same attempt sends
// the same key, so the server places one order.
export function newIdempotencyKey() {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
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
