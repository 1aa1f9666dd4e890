// The sales over time panel's arithmetic: the ranges it offers (the last 7, 30 or 90 days
// in Indian time, today included, as the server counts them) and the chart's data.
import { indiaToday, isoDay } from './period';

export const RANGES = [7, 30, 90];
export const DEFAULT_RANGE = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

// { from, to } of the last `days` days, today (in India) the last.
export function lastDays(days, now = new Date()) {
  const { year, month, day } = indiaToday(now);
  const today = Date.UTC(year, month - 1, day);
  const first = new Date(today - (days - 1) * DAY_MS);
  return {
    from: isoDay({
      year: first.getUTCFullYear(),
      month: first.getUTCMonth() + 1,
      day: first.getUTCDate(),
    }),
    to: isoDay({ year, month, day }),
  };
}

// Hours since `since` (an ISO moment) at `now`.
export const hoursSince = (since, now = new Date()) =>
  Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / (60 * 60 * 1000)));

// "20 Mar" for "2026-03-20": short enough for a 90-day axis.
const SHORT_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
export function shortDay(iso) {
  const [, month, day] = String(iso).split('-').map(Number);
  return SHORT_MONTHS[month - 1] ? `${day} ${SHORT_MONTHS[month - 1]}` : String(iso);
}

// Bootstrap's primary for the revenue, its dark grey for the orders.
const COLOURS = { revenue: '#0d6efd', orders: '#212529' };

export function chartData(byDay, labels) {
  return {
    labels: byDay.map((row) => shortDay(row.date)),
    datasets: [
      {
        type: 'bar',
        label: labels.revenue,
        data: byDay.map((row) => Number(row.revenue) || 0),
        backgroundColor: COLOURS.revenue,
        yAxisID: 'y',
        order: 2,
      },
      {
        type: 'line',
        label: labels.orders,
        data: byDay.map((row) => Number(row.orders) || 0),
        borderColor: COLOURS.orders,
        backgroundColor: COLOURS.orders,
        pointRadius: 2,
        yAxisID: 'orders',
        order: 1,
      },
    ],
  };
}
