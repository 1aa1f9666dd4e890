// What the dashboard's sales over time, top products and "to act on" panels say. Kept with
// them, not in constants/messages, so that the first page's bundle does not carry it.
const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

export const DASHBOARD_MESSAGES = {
  // Sales over time.
  salesTitle: 'Sales over time',
  rangeLegend: 'Period',
  rangeOption: (days) => `Last ${days} days`,
  loading: 'Loading the sales ...',
  failed: 'The sales could not be loaded.',
  retry: 'Try again',
  summary: (orders, units, revenue, from, to) =>
    `${plural(orders, 'order', 'orders')}, ${plural(units, 'unit', 'units')} sold, ${revenue} revenue from ${from} to ${to}.`,
  counted: 'Cancelled, returned and unpaid online orders are not counted.',
  none: 'No orders in these days.',
  chartLabel: (from, to) =>
    `Chart of revenue (bars) and orders (line) by day, ${from} to ${to}. The same figures are in the table by day.`,
  revenueSeries: 'Revenue',
  ordersSeries: 'Orders',
  chartLoading: 'Loading the chart ...',
  chartFailed: 'The chart could not be loaded; the figures are in the table by day.',
  byDayCaption: (from, to) => `Sales by day, ${from} to ${to}`,
  colDay: 'Day',
  colOrders: 'Orders',
  colUnits: 'Units',
  colRevenue: 'Revenue',
  total: 'Total',

  // Top products.
  topTitle: 'Top products',
  topCaption: (days) => `The ten products that brought most revenue in the last ${days} days`,
  colRank: 'Rank',
  colProduct: 'Product',
  topNote: 'Revenue of the lines after discounts, without delivery charges.',
  topNone: 'Nothing sold in these days.',
  deleted: '(deleted)',

  // Orders to act on.
  actTitle: 'Orders to act on',
  actLoading: 'Loading what needs you ...',
  actFailed: 'What needs you could not be loaded.',
  nothing: 'Nothing waits for you just now.',
  notProcessed: (count) => `${plural(count, 'order', 'orders')} waiting to be processed`,
  lateToShip: (count, days) =>
    `${plural(count, 'order', 'orders')} in Processing for more than ${days} days, not shipped`,
  overdueDelivery: (count) =>
    `${plural(count, 'shipped order', 'shipped orders')} past the expected delivery day`,
  returns: (count) => `${plural(count, 'return request', 'return requests')} waiting`,
  reviews: (count) => `${plural(count, 'reported review', 'reported reviews')} to moderate`,
  oldest: (age) => `the oldest for ${age}`,
  order: (id) => `Order #${id}`,
  placed: (age, total, method) => `placed ${age} ago, ${total}, ${method}`,
  age: (hours) =>
    hours < 24
      ? plural(Math.max(hours, 0), 'hour', 'hours')
      : plural(Math.floor(hours / 24), 'day', 'days'),
  methods: { cod: 'cash on delivery', razorpay: 'paid online', exchange: 'exchange' },
};
