// Shared pieces of the order screens.
export const ORDER_STATUSES = ['Not Processed', 'Processing', 'Shipped', 'Delivered', 'Cancelled'];
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
