// The dashboard's sales and tax panel against the fake server: this month so far at first,
// another range on Show (a wrong one is named, not sent), the net figures, the tables by
// rate and by state, and the chart fed the same figures (chart.js is faked: jsdom has no
// canvas to draw on).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { fakeServer } from '../../auth/testing/fakeServer';
import { signInAsAdmin } from '../testing/promotionScreen';
import { apiClient } from '../../../lib/apiClient';
import SalesTaxPanel from './SalesTaxPanel';

const charts = vi.hoisted(() => []);
vi.mock('chart.js', () => {
  function Chart(canvas, config) {
    this.canvas = canvas;
    this.config = config;
    this.destroy = vi.fn();
    charts.push(this);
  }
  Chart.register = vi.fn();
  const part = (name) => ({ id: name });
  return {
    Chart,
    BarController: part('bar'),
    BarElement: part('barElement'),
    // The sales over time chart's parts: one loader registers both charts' (chartJs.js).
    LineController: part('line'),
    LineElement: part('lineElement'),
    PointElement: part('point'),
    CategoryScale: part('category'),
    LinearScale: part('linear'),
    Legend: part('legend'),
    Tooltip: part('tooltip'),
  };
});

const figures = (taxableValue, cgst, sgst, igst) => ({
  taxableValue,
  cgst,
  sgst,
  igst,
  tax: Math.round((cgst + sgst + igst) * 100) / 100,
  value: Math.round((taxableValue + cgst + sgst + igst) * 100) / 100,
});

const REPORT = {
  success: true,
  from: '2026-04-01',
  to: '2026-04-20',
  invoices: { count: 12, ...figures(117355.93, 23.75, 23.75, 21133.07) },
  creditNotes: { count: 2, ...figures(111168.64, 0, 0, 20010.36) },
  totals: figures(6187.29, 23.75, 23.75, 1122.71),
  byRate: [
    { rate: 5, ...figures(950, 23.75, 23.75, 0) },
    { rate: 18, ...figures(5237.29, 0, 0, 1122.71) },
  ],
  byState: [
    {
      stateCode: '07',
      state: 'Delhi',
      invoices: 1,
      creditNotes: 0,
      ...figures(4237.29, 0, 0, 762.71),
    },
    {
      stateCode: '27',
      state: 'Maharashtra',
      invoices: 1,
      creditNotes: 1,
      ...figures(1000, 0, 0, 360),
    },
    {
      stateCode: '29',
      state: 'Karnataka',
      invoices: 10,
      creditNotes: 1,
      ...figures(950, 23.75, 23.75, 0),
    },
  ],
  byDay: [],
};

let server;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-20T06:00:00Z') });
  signInAsAdmin();
  charts.length = 0;
});
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  vi.useRealTimers();
});

const serve = (answer = { data: REPORT }) => {
  server = fakeServer({ 'GET /api/v1/reports/sales-tax': answer });
};

const show = () =>
  render(
    <>
      <Toaster />
      <SalesTaxPanel />
    </>,
  );

// Each row's cells as text, header cells included.
const rowsOf = (testId) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent.trim()));

describe('Sales and tax panel', () => {
  it('shows this month so far: documents, net figures, by rate and by state', async () => {
    const get = vi.spyOn(apiClient, 'get');
    serve();
    show();
    expect(screen.getByRole('region', { name: 'Sales and tax' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-04-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-04-20');
    expect(await screen.findByTestId('sales-tax-net')).toHaveTextContent(
      '12 invoices, 2 credit notes. Net taxable value ₹6,187.29, tax ₹1,170.21, invoice value ₹7,357.50.',
    );
    expect(get).toHaveBeenCalledWith('/api/v1/reports/sales-tax', {
      params: { from: '2026-04-01', to: '2026-04-20' },
      signal: expect.any(AbortSignal),
    });
    expect(rowsOf('sales-tax-by-rate')).toEqual([
      ['Rate', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total tax'],
      ['5%', '₹950.00', '₹23.75', '₹23.75', '₹0.00', '₹47.50'],
      ['18%', '₹5,237.29', '₹0.00', '₹0.00', '₹1,122.71', '₹1,122.71'],
      ['Total', '₹6,187.29', '₹23.75', '₹23.75', '₹1,122.71', '₹1,170.21'],
    ]);
    expect(
      screen.getByRole('table', { name: 'By GST rate (net of credit notes)' }),
    ).toBeInTheDocument();
    const byState = rowsOf('sales-tax-by-state');
    expect(byState[0]).toEqual([
      'State',
      'Invoices',
      'Credit notes',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total tax',
    ]);
    expect(byState[1]).toEqual([
      'Delhi (07)',
      '1',
      '0',
      '₹4,237.29',
      '₹0.00',
      '₹0.00',
      '₹762.71',
      '₹762.71',
    ]);
    expect(byState[3][0]).toBe('Karnataka (29)');
    expect(byState[4]).toEqual([
      'Total',
      '',
      '₹6,187.29',
      '₹23.75',
      '₹23.75',
      '₹1,122.71',
      '₹1,170.21',
    ]);
  });

  it('draws the bar chart by state from the same figures, with a text alternative', async () => {
    serve();
    show();
    const canvas = await screen.findByRole('img', {
      name: 'Bar chart of taxable value and tax by state, 1 April 2026 to 20 April 2026. The same figures are in the table by state.',
    });
    await waitFor(() => expect(charts).toHaveLength(1));
    const [chart] = charts;
    expect(chart.canvas).toBe(canvas);
    expect(chart.config.type).toBe('bar');
    expect(chart.config.data.labels).toEqual(['Delhi', 'Maharashtra', 'Karnataka']);
    expect(chart.config.data.datasets.map((set) => [set.label, set.data])).toEqual([
      ['Taxable value', [4237.29, 1000, 950]],
      ['Tax', [762.71, 360, 47.5]],
    ]);
    expect(chart.config.options.scales.y.ticks.callback(100000)).toBe('₹1,00,000');
    expect(
      chart.config.options.plugins.tooltip.callbacks.label({
        dataset: { label: 'Tax' },
        parsed: { y: 762.71 },
      }),
    ).toBe('Tax: ₹762.71');
    await waitFor(() => expect(screen.queryByText('Loading the chart ...')).toBeNull());
  });

  it('asks for the range given on Show, and names a wrong one without asking', async () => {
    const user = userEvent.setup();
    const get = vi.spyOn(apiClient, 'get');
    serve();
    show();
    await screen.findByTestId('sales-tax-net');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The last day is before the first.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('The last day is before the first.');
    expect(to).toHaveFocus();
    expect(get).toHaveBeenCalledTimes(1);

    await user.clear(from);
    await user.type(from, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/api/v1/reports/sales-tax', {
        params: { from: '2026-03-01', to: '2026-03-31' },
        signal: expect.any(AbortSignal),
      }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(to).toHaveAttribute('aria-invalid', 'false');
  });

  it('says when there is nothing in the range, with no chart', async () => {
    const none = { count: 0, ...figures(0, 0, 0, 0) };
    serve({
      data: {
        ...REPORT,
        invoices: none,
        creditNotes: none,
        totals: figures(0, 0, 0, 0),
        byRate: [],
        byState: [],
      },
    });
    show();
    expect(await screen.findByText('No invoices or credit notes in these days.')).toBeVisible();
    expect(screen.getByTestId('sales-tax-net')).toHaveTextContent('0 invoices, 0 credit notes.');
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("says the server's refusal inline and in a toast", async () => {
    serve({
      status: 400,
      data: { success: false, message: 'To: give at most 366 days.', errors: { to: ['x'] } },
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('To: give at most 366 days.');
    expect(await screen.findByRole('status')).toHaveTextContent('To: give at most 366 days.');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
