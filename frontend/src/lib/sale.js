// A sale as shoppers see it (contract, "MRP and sale prices"): while a sale runs, a
// product answer carries `sale: {name, endsAt}` (endsAt an ISO instant). What is said of
// its end, in the shopper's own clock: "Sale ends in 2d 4h", "Sale ends in 5h 30m", "Sale
// ends today at 11:59 pm" (a countdown), or "Sale ends 5 Nov" (a card's static line).
// Written out rather than with Intl, as lib/format is: a page's first Intl call loads
// locale data, a long task on a slow phone.

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
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

const sameDay = (a, b) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

// "11:59 pm", "12:05 am".
export function clockTime(time) {
  const date = new Date(time);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

// What the countdown says at `now` of a sale ending at `ends`: {text, spoken} (`spoken`
// writes the units out for screen readers: "2 days 4 hours"), or null once it has ended.
// Minutes are rounded up, so the last minute reads "1m", never "0m".
export function saleCountdown(ends, now = Date.now()) {
  const left = ends - now;
  if (!(left > 0)) return null;
  if (sameDay(new Date(ends), new Date(now))) {
    const text = `Sale ends today at ${clockTime(ends)}`;
    return { text, spoken: text };
  }
  const minutes = Math.ceil(left / MINUTE);
  const days = Math.floor(minutes / (DAY / MINUTE));
  const hours = Math.floor((minutes % (DAY / MINUTE)) / 60);
  const rest = minutes % 60;
  const [text, spoken] =
    days > 0
      ? [`${days}d ${hours}h`, `${plural(days, 'day')} ${plural(hours, 'hour')}`]
      : hours > 0
        ? [`${hours}h ${rest}m`, `${plural(hours, 'hour')} ${plural(rest, 'minute')}`]
        : [`${rest}m`, plural(rest, 'minute')];
  return { text: `Sale ends in ${text}`, spoken: `Sale ends in ${spoken}` };
}

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

// How long until what a countdown shows next changes: the next whole minute of what is
// left, or the end itself.
export function nextTick(ends, now = Date.now()) {
  const left = ends - now;
  if (!(left > 0)) return 0;
  return Math.min(left % MINUTE || MINUTE, left);
}
