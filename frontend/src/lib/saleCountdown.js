// What a countdown says of a sale's end (the product page's; cards say the day, lib/sale):
// "Sale ends in 2d 4h", "Sale ends in 5h 30m", "Sale ends today at 11:59 pm". Apart from
// lib/sale so that the first page's bundle does not carry it.
import { MINUTE, sameDay } from './sale';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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

// How long until what a countdown shows next changes: the next whole minute of what is
// left, or the end itself.
export function nextTick(ends, now = Date.now()) {
  const left = ends - now;
  if (!(left > 0)) return 0;
  return Math.min(left % MINUTE || MINUTE, left);
}
