// The admin's GST returns screen at /dashboard/admin/gst-returns, against the fake server:
// the month picker (this month and before, in the address), each GSTR-1 section's totals
// from the summary call, the two downloads with the admin's token, and the refusals.
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { Outlet } from 'react-router-dom';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import { callsTo, signInAsAdmin } from '../../features/admin/testing/promotionScreen';
import { apiClient } from '../../lib/apiClient';
import { paths } from '../../config/paths';
import { routes as appRoutes } from '../../app/routes';
import GstReturnsPage from './GstReturnsPage';

const section = (key, label, sign, count, txval, iamt, camt = 0, samt = 0) => ({
  key,
  label,
  sign,
  count,
  val: txval + iamt + camt + samt,
  txval,
  iamt,
  camt,
  samt,
  csamt: 0,
});

const SUMMARY = {
  success: true,
  period: '2026-04',
  fp: '042026',
  gstin: '29AAACS1234A1ZY',
  sections: [
    section('b2b', 'B2B invoices (4A)', 1, 1, 2000, 360),
    section('b2cl', 'B2C large invoices (5)', 1, 1, 110168.64, 19830.36),
    section('b2cs', 'B2C small, by state and rate (7)', 1, 2, 5187.29, 762.71, 23.75, 23.75),
    section('cdnr', 'Credit notes, registered (9B)', -1, 1, 1000, 180),
    section('cdnur', 'Credit notes, unregistered (9B)', -1, 1, 110168.64, 19830.36),
    section('hsn_b2b', 'HSN summary, B2B (12)', 0, 1, 1000, 180),
    section('hsn_b2c', 'HSN summary, B2C (12)', 0, 2, 5187.29, 762.71, 23.75, 23.75),
  ],
  totals: { val: 7177.5, txval: 6187.29, iamt: 942.71, camt: 23.75, samt: 23.75, csamt: 0 },
  documents: {
    invoices: { from: 'SS/2627/000001', to: 'SS/2627/000012', count: 12, cancelled: 0 },
    creditNotes: { from: null, to: null, count: 0, cancelled: 0 },
  },
};

const JSON_FILE = {
  data: new Blob([JSON.stringify({ gstin: '29AAACS1234A1ZY', fp: '042026', b2b: [] })]),
  headers: {
    'content-disposition': 'attachment; filename="GSTR1_29AAACS1234A1ZY_042026.json"',
    'content-type': 'application/json',
  },
};

let server;
let saved;
beforeEach(() => {
  // 20 April 2026 in India: April is this month, May has not begun.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-04-20T06:00:00Z') });
  signInAsAdmin();
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:gstr1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click() {
    saved.push(this.download);
  });
});
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  vi.useRealTimers();
});

function serve(routes = {}) {
  server = fakeServer({
    'GET /api/v1/reports/gstr1/summary': { data: SUMMARY },
    'GET /api/v1/reports/gstr1': JSON_FILE,
    ...routes,
  });
}

const open = (path = '/dashboard/admin/gst-returns') =>
  renderRoutes([{ path: '/dashboard/admin/gst-returns', element: <GstReturnsPage /> }], path);

const cells = (testId) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('GST returns (admin)', () => {
  it("shows each section's count, taxable value and taxes for this month", async () => {
    const get = vi.spyOn(apiClient, 'get');
    serve();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'GST returns' })).toBeVisible();
    expect(await screen.findByText('GSTIN 29AAACS1234A1ZY, April 2026')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/v1/reports/gstr1/summary', {
      params: { period: '2026-04' },
      signal: expect.any(AbortSignal),
    });
    const table = screen.getByRole('table', { name: 'GSTR-1 sections for April 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Section', 'Count', 'Taxable value', 'IGST', 'CGST', 'SGST']);
    expect(within(table).getByRole('rowheader', { name: 'B2B invoices (4A) (b2b)' })).toBeVisible();
    expect(cells('gstr1-b2b')).toEqual(['1', '₹2,000.00', '₹360.00', '₹0.00', '₹0.00']);
    expect(cells('gstr1-b2cl')).toEqual(['1', '₹1,10,168.64', '₹19,830.36', '₹0.00', '₹0.00']);
    expect(cells('gstr1-b2cs')).toEqual(['2', '₹5,187.29', '₹762.71', '₹23.75', '₹23.75']);
    // Credit notes take away from the month's supplies.
    expect(cells('gstr1-cdnr')).toEqual(['1', '−₹1,000.00', '−₹180.00', '₹0.00', '₹0.00']);
    expect(cells('gstr1-cdnur')).toEqual(['1', '−₹1,10,168.64', '−₹19,830.36', '₹0.00', '₹0.00']);
    expect(cells('gstr1-net')).toEqual(['', '₹6,187.29', '₹942.71', '₹23.75', '₹23.75']);
    expect(within(screen.getByTestId('gstr1-net')).getByRole('rowheader')).toHaveTextContent(
      'Net outward supplies (invoices less credit notes)',
    );
    expect(cells('gstr1-hsn_b2b')).toEqual(['1', '₹1,000.00', '₹180.00', '₹0.00', '₹0.00']);
    expect(cells('gstr1-hsn_b2c')[0]).toBe('2');
    expect(cells('gstr1-doc_issue')).toEqual(['12', 'not applicable']);
    const serials = screen.getByRole('list', { name: 'Serial numbers used' });
    expect(
      within(serials)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Invoices: SS/2627/000001 to SS/2627/000012: 12 issued, 0 cancelled',
      'Credit notes: none issued',
    ]);
  });

  it('offers this month and earlier only, and asks again for the month chosen', async () => {
    const user = userEvent.setup();
    const get = vi.spyOn(apiClient, 'get');
    serve({
      'GET /api/v1/reports/gstr1/summary': () => ({
        data: { ...SUMMARY, period: '2026-03', fp: '032026' },
      }),
    });
    const { router } = open();
    const picker = screen.getByRole('combobox', { name: 'Return period (month)' });
    expect(picker).toHaveAccessibleDescription(/months to come cannot be chosen/);
    const options = within(picker)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options.slice(0, 3)).toEqual(['April 2026', 'March 2026', 'February 2026']);
    expect(options).not.toContain('May 2026');
    expect(picker).toHaveValue('2026-04');
    await screen.findByTestId('gstr1-b2b');
    await user.selectOptions(picker, 'March 2026');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/api/v1/reports/gstr1/summary', {
        params: { period: '2026-03' },
        signal: expect.any(AbortSignal),
      }),
    );
    expect(router.state.location.search).toBe('?period=2026-03');
    expect(
      await screen.findByRole('table', { name: 'GSTR-1 sections for March 2026' }),
    ).toBeVisible();
  });

  it('takes the month from the address, and this month for one to come', async () => {
    const get = vi.spyOn(apiClient, 'get');
    serve();
    const { unmount } = open('/dashboard/admin/gst-returns?period=2026-02');
    expect(screen.getByRole('combobox', { name: 'Return period (month)' })).toHaveValue('2026-02');
    await screen.findByTestId('gstr1-b2b');
    expect(get).toHaveBeenLastCalledWith('/api/v1/reports/gstr1/summary', {
      params: { period: '2026-02' },
      signal: expect.any(AbortSignal),
    });
    unmount();
    open('/dashboard/admin/gst-returns?period=2026-05');
    expect(screen.getByRole('combobox', { name: 'Return period (month)' })).toHaveValue('2026-04');
    await screen.findByTestId('gstr1-b2b');
    expect(get).toHaveBeenLastCalledWith('/api/v1/reports/gstr1/summary', {
      params: { period: '2026-04' },
      signal: expect.any(AbortSignal),
    });
  });

  it("downloads the JSON and the CSV ZIP with the admin's token, under the server's names", async () => {
    const user = userEvent.setup();
    const get = vi.spyOn(apiClient, 'get');
    // The adapter's key has no query: the answer follows the format asked for.
    serve({
      'GET /api/v1/reports/gstr1': () =>
        get.mock.lastCall[1].params.format === 'csv'
          ? {
              data: new Blob(['PK']),
              headers: {
                'content-disposition': 'attachment; filename="GSTR1_29AAACS1234A1ZY_042026.zip"',
              },
            }
          : JSON_FILE,
    });
    open();
    await screen.findByTestId('gstr1-b2b');
    const json = screen.getByRole('button', { name: 'Download JSON' });
    expect(json).toHaveAccessibleDescription(/offline format for April 2026/);
    await user.click(json);
    await waitFor(() => expect(saved).toEqual(['GSTR1_29AAACS1234A1ZY_042026.json']));
    expect(get).toHaveBeenCalledWith('/api/v1/reports/gstr1', {
      params: { period: '2026-04' },
      responseType: 'blob',
    });
    const blob = URL.createObjectURL.mock.calls[0][0];
    expect(JSON.parse(await blob.text())).toMatchObject({ gstin: '29AAACS1234A1ZY', fp: '042026' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Saved GSTR1_29AAACS1234A1ZY_042026.json',
    );

    await user.click(screen.getByRole('button', { name: 'Download CSV (ZIP)' }));
    await waitFor(() =>
      expect(saved).toEqual([
        'GSTR1_29AAACS1234A1ZY_042026.json',
        'GSTR1_29AAACS1234A1ZY_042026.zip',
      ]),
    );
    expect(get).toHaveBeenCalledWith('/api/v1/reports/gstr1', {
      params: { period: '2026-04', format: 'csv' },
      responseType: 'blob',
    });
    const downloads = callsTo(server, 'GET /api/v1/reports/gstr1');
    expect(downloads.map((call) => call.authorization)).toEqual(['tok', 'tok']);
  });

  it("says the server's refusal of a download in a toast and below the buttons", async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/v1/reports/gstr1': {
        status: 400,
        data: new Blob([
          JSON.stringify({
            success: false,
            message: 'Period: the month has not begun yet.',
            errors: { period: ['x'] },
          }),
        ]),
      },
    });
    open();
    await screen.findByTestId('gstr1-b2b');
    await user.click(screen.getByRole('button', { name: 'Download JSON' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Period: the month has not begun yet.',
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Period: the month has not begun yet.',
    );
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download JSON' })).toBeEnabled();
  });

  it('says so when the summary is refused, and shows no figures', async () => {
    serve({
      'GET /api/v1/reports/gstr1/summary': {
        status: 400,
        data: { success: false, message: 'Period: give a month as YYYY-MM, e.g. 2026-04.' },
      },
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Period: give a month as YYYY-MM, e.g. 2026-04.',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(await screen.findByRole('status')).toHaveTextContent('Period: give a month');
  });

  it('is the admin group’s GST returns route, linked from the menu', async () => {
    server = fakeServer({
      'GET /api/v1/auth/admin-auth': { data: { ok: true } },
      'GET /api/v1/reports/gstr1/summary': { data: SUMMARY },
    });
    expect(paths.adminGstReturns).toBe('/dashboard/admin/gst-returns');
    renderRoutes(
      [
        {
          element: (
            <Suspense fallback={<p>Loading ...</p>}>
              <Outlet />
            </Suspense>
          ),
          children: appRoutes,
        },
      ],
      paths.adminGstReturns,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'GST returns' }, { timeout: 10000 }),
    ).toBeInTheDocument();
    const link = within(screen.getByRole('navigation', { name: 'Admin Panel' })).getByRole('link', {
      name: 'GST returns',
    });
    expect(link).toHaveAttribute('href', '/dashboard/admin/gst-returns');
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});
