// A sale as shoppers see it (contract, "MRP and sale prices"): while a sale runs, a
// product answer carries `sale: {name, endsAt}` (endsAt an ISO instant). What is said of
// its end, in the shopper's own clock: "Sale ends in 2d 4h", "Sale ends in 5h 30m", "Sale
// ends today at 11:59 pm" (a countdown), or "Sale ends 5 Nov" (a card's static line).
// Written out rather than with Intl, as lib/format is: a page's first Intl call loads
// locale data, a long task on a slow phone.

export const MINUTE = 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

// The end of a product's sale as a time in milliseconds, or null when it names none.
export function saleEnd(sale) {
  const ends = sale?.endsAt ? new Date(sale.endsAt).getTime() : NaN;
  return Number.isFinite(ends) ? ends : null;
}

// A product's `sale` while it runs at `now` ({name, ends}, `ends` null when unknown), else
// null: a page left open past the end stops showing it before the product is loaded again.
export function runningSale(sale, now = Date.now()) {
  if (!sale || typeof sale !== 'object' || !sale.name) return null;
  const ends = saleEnd(sale);
  if (ends !== null && ends <= now) return null;
  return { name: String(sale.name), ends };
}

export const sameDay = (a, b) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

// A card's static line: "Sale ends today", "Sale ends 5 Nov" (with the year when it is not
// this year's), or null once it has ended.
export function saleEndsOn(ends, now = Date.now()) {
  if (!(ends > now)) return null;
  const date = new Date(ends);
  const today = new Date(now);
  if (sameDay(date, today)) return 'Sale ends today';
  const year = date.getFullYear() === today.getFullYear() ? '' : ` ${date.getFullYear()}`;
  return `Sale ends ${date.getDate()} ${MONTHS[date.getMonth()]}${year}`;
}
