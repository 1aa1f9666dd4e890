// After the sale, as the order page reads it (contract, "Cancelling part of an order",
// "Returns and exchanges", "Shipments"): which lines may still be cancelled or returned and
// how many of each, whether the return window is open, the dates as Indian English says
// them, and the order's timeline. Pure functions over the order answer and its returns.
import { AFTER_SALE_MESSAGES as M } from './afterSaleMessages';
import { AWAITING_PAYMENT } from './orderFormat';

const DAY = 24 * 60 * 60 * 1000;

export const RETURN_REASONS = [
  { value: 'damaged', label: 'Damaged or defective' },
  { value: 'wrong-item', label: 'Wrong item sent' },
  { value: 'size', label: 'Size or fit' },
  { value: 'not-as-described', label: 'Not as described' },
  { value: 'changed-mind', label: 'Changed my mind' },
];
export const reasonLabel = (value) =>
  RETURN_REASONS.find((reason) => reason.value === value)?.label ?? value ?? '';

// A return's statuses, in the order it moves through them.
export const RETURN_STATUSES = [
  'Requested',
  'Approved',
  'Rejected',
  'Received',
  'Refunded',
  'Exchanged',
];
export const RETURN_BADGES = {
  Requested: 'text-bg-secondary',
  Approved: 'text-bg-info',
  Rejected: 'text-bg-danger',
  Received: 'text-bg-primary',
  Refunded: 'text-bg-success',
  Exchanged: 'text-bg-success',
};

const units = (value) => Math.max(0, Math.floor(Number(value) || 0));
export const cancelledOf = (line) => units(line?.cancelledQuantity);
const lineIdOf = (line) =>
  line?.lineId === undefined || line?.lineId === null ? null : String(line.lineId);

// A line's name with its options: "Cotton Tee (Size: M)".
export function lineName(line) {
  const options =
    line?.options && typeof line.options === 'object'
      ? Object.entries(line.options)
          .map(([name, value]) => `${name}: ${value}`)
          .join(', ')
      : '';
  return options ? `${line.name} (${options})` : String(line?.name ?? '');
}

// --- Cancelling part of an order ----------------------------------------------------------

// The lines that still have units to cancel (each known by its lineId).
export function cancellableLines(order) {
  return (order?.products ?? []).filter((line) => lineIdOf(line) && units(line.quantity) > 0);
}

// Items can be cancelled one by one while the order itself may still be cancelled (before
// shipping), once it was placed (an order awaiting its online payment is cancelled whole),
// and only when more than one unit is left (one unit is the order's own Cancel).
export function canCancelItems(order) {
  if (!order || order.status === AWAITING_PAYMENT) return false;
  if (!(order.nextStatuses ?? []).includes('Cancelled')) return false;
  const lines = cancellableLines(order);
  return (
    lines.length === (order.products ?? []).filter((line) => units(line.quantity) > 0).length &&
    lines.reduce((sum, line) => sum + units(line.quantity), 0) > 1
  );
}

// --- Returns ------------------------------------------------------------------------------

const counts = (ret) => ret?.status !== 'Rejected';

// Units of each line (by lineId) already in a return that was not rejected.
export function returnedUnits(returns) {
  const taken = new Map();
  (returns ?? []).filter(counts).forEach((ret) =>
    (ret.lines ?? []).forEach((line) => {
      const id = String(line._id);
      taken.set(id, (taken.get(id) ?? 0) + units(line.quantity));
    }),
  );
  return taken;
}

// The delivered lines with units not yet returned: [{line, left}].
export function returnableLines(order, returns) {
  const taken = returnedUnits(returns);
  return (order?.products ?? [])
    .map((line) => ({ line, left: units(line.quantity) - (taken.get(lineIdOf(line)) ?? 0) }))
    .filter(({ line, left }) => lineIdOf(line) && left > 0);
}

function statusAt(order, status) {
  return (order?.statusHistory ?? []).find((change) => change.status === status)?.at ?? null;
}

export function deliveredAt(order) {
  return order?.shipment?.deliveredAt ?? statusAt(order, 'Delivered');
}

const validDate = (value) => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

// The return window of a delivered order: { open, until } (until: a Date), else null
// (not delivered, or no window known).
export function returnWindow(order, days, now = Date.now()) {
  const delivered = validDate(deliveredAt(order));
  const length = Number(days);
  if (!delivered || order?.status !== 'Delivered' || !Number.isFinite(length)) return null;
  const until = new Date(delivered.getTime() + length * DAY);
  return { open: now < until.getTime(), until };
}

// Does the order have returns to show (it was delivered at some time)?
export function mayHaveReturns(order) {
  return Boolean(deliveredAt(order)) || ['Delivered', 'Returned'].includes(order?.status);
}

// How much comes back and where the refund stands, in a sentence.
export function refundText(ret, formatPrice) {
  const amount = Number(ret?.refundAmount) || 0;
  if (ret?.kind === 'exchange' || ret?.status === 'Rejected') return M.noRefund;
  if (ret?.status === 'Refunded') {
    // Online: where the gateway's refund stands; cash on delivery: the reference.
    if (ret.refund?.status === 'pending') return M.refundDue(formatPrice(amount));
    if (ret.refund?.status === 'failed') return M.refundDelayed(formatPrice(amount));
    const text = M.refunded(formatPrice(amount));
    return ret.refundReference ? `${text}, ${M.refundReference(ret.refundReference)}` : text;
  }
  if (ret?.status === 'Received') return M.refundDue(formatPrice(amount));
  return M.refundAfterReceipt;
}

// --- Dates --------------------------------------------------------------------------------

const SHORT = { weekday: 'short', day: 'numeric', month: 'short' };

// "Tue, 1 Dec" for a moment (in the shopper's time zone).
export function shortDate(value) {
  const date = validDate(value);
  return date ? date.toLocaleDateString('en-IN', SHORT) : '';
}

// "Tue, 1 Dec" (or "1 Dec 2026" with `withYear`) for a calendar day "YYYY-MM-DD" (no
// time zone moves it a day).
export function calendarDay(text, withYear = false) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text ?? ''));
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const style = withYear ? { day: 'numeric', month: 'short', year: 'numeric' } : SHORT;
  return date.toLocaleDateString('en-IN', { ...style, timeZone: 'UTC' });
}

// --- The timeline -------------------------------------------------------------------------

const ORDER_STEPS = {
  'Not Processed': M.stepPlaced,
  [AWAITING_PAYMENT]: M.stepPlaced,
  Processing: M.stepProcessing,
  Shipped: M.stepShipped,
  'Out for delivery': M.stepOutForDelivery,
  'Out For Delivery': M.stepOutForDelivery,
  Delivered: M.stepDelivered,
  Cancelled: M.stepCancelled,
  Returned: M.stepReturned,
};

function returnHistory(ret) {
  const history = ret.history ?? ret.statusHistory ?? ret.steps;
  if (Array.isArray(history) && history.length) return history;
  const steps = [{ status: 'Requested', at: ret.createdAt }];
  if (ret.status && ret.status !== 'Requested')
    steps.push({ status: ret.status, at: ret.updatedAt });
  return steps;
}

// The steps the order went through, oldest first, each {key, label, at, done}; then the
// steps still ahead of an order on its way (Shipped, Delivered with its expected day).
// Out for delivery shows only when the server knows it.
export function timelineSteps(order, returns = []) {
  if (!order) return [];
  const done = [];
  const seen = new Set();
  const add = (label, at, key = label) => {
    if (seen.has(key)) return;
    seen.add(key);
    done.push({ key, label, at: at ?? null, done: true });
  };
  add(M.stepPlaced, order.createdAt ?? order.statusHistory?.[0]?.at);
  const shipment = order.shipment ?? {};
  (order.statusHistory ?? []).forEach((change) => {
    const label = ORDER_STEPS[change.status];
    if (!label) return;
    let at = change.at;
    if (label === M.stepShipped) at = shipment.shippedAt ?? at;
    if (label === M.stepDelivered) at = shipment.deliveredAt ?? at;
    add(label, at);
  });
  if (shipment.shippedAt) add(M.stepShipped, shipment.shippedAt);
  if (shipment.outForDeliveryAt) add(M.stepOutForDelivery, shipment.outForDeliveryAt);
  if (shipment.deliveredAt) add(M.stepDelivered, shipment.deliveredAt);

  (returns ?? []).forEach((ret) => {
    const title = ret.kind === 'exchange' ? M.exchangeTitle(ret._id) : M.returnTitle(ret._id);
    returnHistory(ret).forEach((change) =>
      add(`${title}: ${change.status}`, change.at, `return:${ret._id}:${change.status}`),
    );
  });

  // Oldest first; a step without a time keeps its place among its neighbours.
  const timed = done.map((step, index) => ({ step, index, time: validDate(step.at)?.getTime() }));
  timed.sort((a, b) =>
    a.time !== undefined && b.time !== undefined
      ? a.time - b.time || a.index - b.index
      : a.index - b.index,
  );
  const steps = timed.map(({ step }) => step);

  const over = ['Cancelled', 'Returned', AWAITING_PAYMENT].includes(order.status);
  if (!over) {
    if (!seen.has(M.stepShipped) && !seen.has(M.stepDelivered)) {
      steps.push({ key: 'next:shipped', label: M.stepShipped, at: null, done: false });
    }
    if (!seen.has(M.stepDelivered)) {
      steps.push({
        key: 'next:delivered',
        label: M.stepDelivered,
        at: null,
        done: false,
        expected: order.expectedDelivery ? calendarDay(order.expectedDelivery) : '',
      });
    }
  }
  return steps;
}
