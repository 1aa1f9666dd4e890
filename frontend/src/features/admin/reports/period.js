// Months and days as the reports count them: in Indian time (docs/gst-returns.md), so the
// month offered as "this month" is the one the server takes, wherever the admin's browser
// is. No Intl here: plain arithmetic on an IST clock.
const IST_OFFSET_MS = 330 * 60 * 1000;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const two = (n) => String(n).padStart(2, '0');

// { year, month (1-12), day } of `now` in India.
export function indiaToday(now = new Date()) {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  return { year: ist.getUTCFullYear(), month: ist.getUTCMonth() + 1, day: ist.getUTCDate() };
}

export const isoMonth = ({ year, month }) => `${year}-${two(month)}`;
export const isoDay = ({ year, month, day }) => `${year}-${two(month)}-${two(day)}`;

// "April 2026" for "2026-04".
export function monthLabel(period) {
  const [year, month] = period.split('-').map(Number);
  return `${MONTHS[month - 1]} ${year}`;
}

// "5 April 2026" for "2026-04-05".
export function dayLabel(iso) {
  const [year, month, day] = String(iso).split('-').map(Number);
  return MONTHS[month - 1] ? `${day} ${MONTHS[month - 1]} ${year}` : String(iso);
}

// The return periods the screen offers, newest first: this month (a draft: the server
// allows the month in progress) and the `count - 1` before it; never a month to come.
export function recentMonths(count = 36, now = new Date()) {
  const { year, month } = indiaToday(now);
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    const value = isoMonth({ year: Math.floor(index / 12), month: (index % 12) + 1 });
    return { value, label: monthLabel(value) };
  });
}

// This month so far: its first day to today.
export function thisMonthSoFar(now = new Date()) {
  const today = indiaToday(now);
  return { from: isoDay({ ...today, day: 1 }), to: isoDay(today) };
}

// What is wrong with a range of days typed in, or null. The server says the same (400
// naming the field); this only saves a call.
export function rangeProblem({ from, to }) {
  if (!from) return { field: 'from', message: 'Give the first day.' };
  if (!to) return { field: 'to', message: 'Give the last day.' };
  if (from > to) return { field: 'to', message: 'The last day is before the first.' };
  return null;
}
