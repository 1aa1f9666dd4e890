// The dashboard's sales over time and top products against the fake server: the last 30
// days at first, 7 or 90 on a choice, the period's figures, the chart (chart.js faked:
// jsdom has no canvas) and the same figures in the table by day, the top products linked
// to their pages, an empty period, a failure and its retry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeServer } from '../../auth/testing/fakeServer';
import { signInAsAdmin } from '../testing/promotionScreen';
import SalesOverTimePanel from './SalesOverTimePanel';

const charts = vi.hoisted(() => []);
vi.mock('chart.js', () => {
  function Chart(canvas, config) {
    this.canvas = canvas;
    this.config = config;
    this.destroy = vi.fn();
    charts.push(this);
  }
  Chart.register = vi.fn();
  const parts = [
    'BarController',
    'BarElement',
    'LineController',
    'LineElement',
    'PointElement',
    'CategoryScale',
    'LinearScale',
    'Legend',
    'Tooltip',
  ];
  return { Chart, ...Object.fromEntries(parts.map((name) => [name, { id: name }])) };
});

const URL = 'GET /api/v1/reports/sales-over-time';
const day = (date, orders, units, revenue) => ({ date, orders, units, revenue });
const REPORT = {
  success: true,
  from: '2026-03-14',
  to: '2026-03-20',
  totals: { orders: 3, units: 7, revenue: 3145.5 },
  byDay: [
    day('2026-03-14', 2, 3, 2246),
    day('2026-03-15', 0, 0, 0),
    day('2026-03-16', 0, 0, 0),
    day('2026-03-17', 0, 0, 0),
    day('2026-03-18', 0, 0, 0),
    day('2026-03-19', 0, 0, 0),
    day('2026-03-20', 1, 4, 899.5),
  ],
  topProducts: [
    { _id: 4, name: 'Tee', slug: 'tee', exists: true, units: 5, revenue: 2495 },
    { _id: 9, name: 'Lamp', slug: 'lamp', exists: false, units: 2, revenue: 600 },
  ],
};
const EMPTY = {
  ...REPORT,
  totals: { orders: 0, units: 0, revenue: 0 },
  byDay: REPORT.byDay.map((row) => ({ ...row, orders: 0, units: 0, revenue: 0 })),
  topProducts: [],
};

let server;
beforeEach(() => {
  // 20 March 2026, 11:30 in India.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-20T06:00:00Z') });
  signInAsAdmin();
  charts.length = 0;
});
afterEach(() => {
  server?.restore();
  server = undefined;
  vi.useRealTimers();
});

const serve = (answer) => {
  server = fakeServer({ [URL]: answer });
  return server;
};
const show = () =>
  render(
    <MemoryRouter>
      <SalesOverTimePanel />
    </MemoryRouter>,
  );
const rowsOf = (testId) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent.trim()));

describe('Sales over time panel', () => {
  it('asks for the last 30 days and says so while it loads', async () => {
    let answer;
    serve(() => new Promise((resolve) => (answer = resolve)));
    show();
    expect(screen.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    expect(await screen.findAllByText('Loading the sales ...')).toHaveLength(2);
    expect(server.calls.map((call) => call.key)).toEqual([URL]);
    answer({ data: REPORT });
    await screen.findByTestId('sales-over-time-summary');
    expect(screen.queryByText('Loading the sales ...')).toBeNull();
  });

  it('shows the period, the chart and the same figures by day, and the top products', async () => {
    const get = vi.spyOn((await import('../../../lib/apiClient')).apiClient, 'get');
    serve({ data: REPORT });
    show();
    expect(await screen.findByTestId('sales-over-time-summary')).toHaveTextContent(
      '3 orders, 7 units sold, ₹3,145.50 revenue from 14 March 2026 to 20 March 2026.',
    );
    expect(get).toHaveBeenCalledWith('/api/v1/reports/sales-over-time', {
      params: { from: '2026-02-19', to: '2026-03-20' },
      signal: expect.any(AbortSignal),
    });
    const canvas = screen.getByRole('img', {
      name: 'Chart of revenue (bars) and orders (line) by day, 14 March 2026 to 20 March 2026. The same figures are in the table by day.',
    });
    await waitFor(() => expect(charts).toHaveLength(1));
    expect(charts[0].canvas).toBe(canvas);
    expect(charts[0].config.data.datasets.map((set) => set.data)).toEqual([
      [2246, 0, 0, 0, 0, 0, 899.5],
      [2, 0, 0, 0, 0, 0, 1],
    ]);
    expect(charts[0].config.options.scales.y.ticks.callback(100000)).toBe('₹1,00,000');
    const rows = rowsOf('sales-by-day');
    expect(rows[0]).toEqual(['Day', 'Orders', 'Units', 'Revenue']);
    expect(rows[1]).toEqual(['14 March 2026', '2', '3', '₹2,246.00']);
    expect(rows[7]).toEqual(['20 March 2026', '1', '4', '₹899.50']);
    expect(rows[8]).toEqual(['Total', '3', '7', '₹3,145.50']);
    expect(
      screen.getByRole('region', { name: 'Sales by day, 14 March 2026 to 20 March 2026' }),
    ).toHaveAttribute('tabindex', '0');

    const top = screen.getByRole('region', { name: 'Top products' });
    expect(rowsOf('top-products-table')).toEqual([
      ['Rank', 'Product', 'Units', 'Revenue'],
      ['1', 'Tee', '5', '₹2,495.00'],
      ['2', 'Lamp (deleted)', '2', '₹600.00'],
    ]);
    expect(within(top).getByRole('link', { name: 'Tee' })).toHaveAttribute(
      'href',
      '/dashboard/admin/product/tee',
    );
    expect(within(top).queryByRole('link', { name: /Lamp/ })).toBeNull();
  });

  it('asks again for the last 7 or 90 days when chosen', async () => {
    const user = userEvent.setup();
    const get = vi.spyOn((await import('../../../lib/apiClient')).apiClient, 'get');
    serve({ data: REPORT });
    show();
    await screen.findByTestId('sales-over-time-summary');
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/api/v1/reports/sales-over-time', {
        params: { from: '2026-03-14', to: '2026-03-20' },
        signal: expect.any(AbortSignal),
      }),
    );
    expect(screen.getByRole('radio', { name: 'Last 7 days' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Last 90 days' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/api/v1/reports/sales-over-time', {
        params: { from: '2025-12-21', to: '2026-03-20' },
        signal: expect.any(AbortSignal),
      }),
    );
    expect(await screen.findByText(/in the last 90 days/)).toBeInTheDocument();
  });

  it('says an empty period has no orders, with no chart and no top products', async () => {
    serve({ data: EMPTY });
    show();
    expect(await screen.findByText('No orders in these days.')).toBeInTheDocument();
    expect(screen.getByTestId('sales-over-time-summary')).toHaveTextContent(
      '0 orders, 0 units sold, ₹0.00 revenue',
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByTestId('sales-by-day')).toBeNull();
    expect(screen.getByText('Nothing sold in these days.')).toBeInTheDocument();
    expect(charts).toHaveLength(0);
  });

  it('says when the sales could not be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    serve(() =>
      fail
        ? { status: 500, data: { success: false, message: 'Something went wrong' } }
        : { data: REPORT },
    );
    show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(screen.getByText('The sales could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('sales-over-time-summary')).toHaveTextContent('3 orders');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
