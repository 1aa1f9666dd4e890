// The admin's returns queue at /dashboard/admin/returns, against the fake server: the
// list and its filter and pages, and each move a return's state allows.
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { Outlet } from 'react-router-dom';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import { signInAsAdmin, callsTo } from '../../features/admin/testing/promotionScreen';
import { apiClient } from '../../lib/apiClient';
import { paths } from '../../config/paths';
import { routes as appRoutes } from '../../app/routes';
import AdminReturnsPage from './AdminReturnsPage';

const ret = (id, extra = {}) => ({
  _id: id,
  order: '345',
  lines: [
    {
      _id: '678',
      quantity: 1,
      name: 'Cotton Tee',
      options: { Size: 'M' },
      sku: 'TEE-M',
      price: 499,
      product: '41',
      variant: '90',
    },
  ],
  reason: 'size',
  kind: 'refund',
  exchangeVariant: null,
  exchangeOptions: {},
  status: 'Requested',
  nextStatuses: ['Approved', 'Rejected'],
  refundAmount: 0,
  creditNoteNumber: null,
  exchangeOrder: null,
  refundReference: '',
  refund: null,
  note: 'Too small',
  adminNote: '',
  buyer: { _id: '7', name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
  history: [{ status: 'Requested', at: '2026-12-01T09:30:00Z', note: 'Too small' }],
  createdAt: '2026-12-01T09:30:00Z',
  updatedAt: '2026-12-01T09:30:00Z',
  ...extra,
});

const RECEIVED = ret('13', {
  status: 'Received',
  nextStatuses: ['Refunded'],
  refundAmount: 449.1,
  creditNoteNumber: 'SS/CN2627/0003',
});
const EXCHANGE = ret('14', {
  kind: 'exchange',
  exchangeVariant: '91',
  exchangeOptions: { Size: 'L' },
  status: 'Received',
  nextStatuses: ['Exchanged'],
  refundAmount: 549,
  creditNoteNumber: 'SS/CN2627/0004',
});

let server;
beforeEach(signInAsAdmin);
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
});

const page = (rows, { total = rows.length, size = 20 } = {}) => ({
  data: { success: true, returns: rows },
  headers: { 'x-total-count': String(total), 'x-page-size': String(size) },
});

function serve(routes = {}) {
  server = fakeServer({
    'GET /api/v1/returns': page([ret('12'), RECEIVED, EXCHANGE]),
    ...routes,
  });
}

const open = (path = '/dashboard/admin/returns') =>
  renderRoutes([{ path: '/dashboard/admin/returns', element: <AdminReturnsPage /> }], path);

const rowOf = (id) => screen.getByTestId(`return-${id}`);
const puts = (id) => callsTo(server, `PUT /api/v1/returns/${id}/status`).map((c) => c.body);

describe('Returns (admin)', () => {
  it('lists each return: order, buyer, items, reason and note, kind, status and money', async () => {
    serve();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns' })).toBeInTheDocument();
    expect(await screen.findByText('3 returns')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Return', 'Order', 'Items', 'Reason', 'Kind', 'Status', 'Actions']);
    const first = within(rowOf('12'));
    expect(first.getByRole('rowheader')).toHaveTextContent('#12');
    expect(first.getByRole('link', { name: 'Order #345' })).toHaveAttribute(
      'href',
      '/dashboard/admin/orders?q=345',
    );
    expect(rowOf('12')).toHaveTextContent('Asha Rao');
    expect(rowOf('12')).toHaveTextContent('1 × Cotton Tee (Size: M) · TEE-M');
    expect(rowOf('12')).toHaveTextContent("Size or fitBuyer's note: Too small");
    expect(rowOf('12')).toHaveTextContent('Requested');
    expect(first.getByRole('button', { name: 'Approve return #12' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Reject return #12' })).toBeInTheDocument();
    expect(rowOf('13')).toHaveTextContent('Refund ₹449.10');
    expect(rowOf('13')).toHaveTextContent('Credit note SS/CN2627/0003');
    expect(within(rowOf('13')).getByRole('button', { name: 'Refund return #13' })).toBeVisible();
    expect(within(rowOf('13')).queryByRole('button', { name: /Mark exchanged/ })).toBeNull();
    expect(rowOf('14')).toHaveTextContent('Exchangefor Size: L');
    // An exchange's credit note pays nothing back: credited, not refunded.
    expect(rowOf('14')).toHaveTextContent('Credited ₹549');
    expect(rowOf('14')).toHaveTextContent('Credit note SS/CN2627/0004');
    expect(rowOf('14')).not.toHaveTextContent('Refund ₹');
    expect(
      within(rowOf('14')).getByRole('button', { name: 'Mark exchanged return #14' }),
    ).toBeVisible();
    expect(within(rowOf('14')).queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('filters by status and pages, asking the server for them', async () => {
    const user = userEvent.setup();
    const get = vi.spyOn(apiClient, 'get');
    serve({ 'GET /api/v1/returns': page([ret('12')], { total: 45 }) });
    const { router } = open();
    expect(await screen.findByText('45 returns')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(
      '/api/v1/returns',
      expect.objectContaining({ params: { page: 1 } }),
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Filter by status' }),
      'Received',
    );
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/v1/returns',
        expect.objectContaining({ params: { page: 1, status: 'Received' } }),
      ),
    );
    expect(router.state.location.search).toBe('?status=Received');
    const pager = screen.getByRole('navigation', { name: 'Returns pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/v1/returns',
        expect.objectContaining({ params: { page: 2, status: 'Received' } }),
      ),
    );
  });

  it('approves with a note, changes the row in place and keeps the focus on it', async () => {
    const user = userEvent.setup();
    serve({
      'PUT /api/v1/returns/12/status': (body) => ({
        data: {
          success: true,
          message: 'Return 12 approved',
          return: ret('12', {
            status: body.status,
            nextStatuses: ['Received', 'Rejected'],
            adminNote: body.note,
          }),
        },
      }),
    });
    open();
    const row = await screen.findByTestId('return-12');
    await user.type(
      within(row).getByRole('textbox', { name: 'Note on return #12 (optional)' }),
      'Pickup on Friday',
    );
    await user.click(within(row).getByRole('button', { name: 'Approve return #12' }));
    await waitFor(() =>
      expect(puts('12')).toEqual([{ status: 'Approved', note: 'Pickup on Friday' }]),
    );
    expect(await within(row).findByText('Approved')).toBeInTheDocument();
    expect(row).toHaveTextContent('Note: Pickup on Friday');
    expect(
      within(row).getByRole('button', { name: 'Mark received return #12' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Return 12 approved');
    await waitFor(() => expect(document.getElementById('return-status-12')).toHaveFocus());
  });

  it('shows a refusal in the row and keeps the note', async () => {
    const user = userEvent.setup();
    serve({
      'PUT /api/v1/returns/12/status': {
        status: 409,
        data: { success: false, message: 'Cotton Tee (L, Black) is out of stock.' },
      },
    });
    open();
    const row = await screen.findByTestId('return-12');
    const note = within(row).getByRole('textbox', { name: /Note on return #12/ });
    await user.type(note, 'ok');
    await user.click(within(row).getByRole('button', { name: 'Approve return #12' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'Cotton Tee (L, Black) is out of stock.',
    );
    expect(note).toHaveValue('ok');
    expect(row).toHaveTextContent('Requested');
  });

  it('refunds cash on delivery only with the UPI or bank reference', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/v1/orders/345': {
        data: { success: true, order: { _id: '345', payment: { method: 'cod' } } },
      },
      'PUT /api/v1/returns/13/status': (body) => ({
        data: {
          success: true,
          return: {
            ...RECEIVED,
            status: 'Refunded',
            nextStatuses: [],
            refundReference: body.refundReference,
          },
        },
      }),
    });
    open();
    const row = await screen.findByTestId('return-13');
    await user.click(within(row).getByRole('button', { name: 'Refund return #13' }));
    const reference = await within(row).findByRole('textbox', {
      name: 'UPI or bank transfer reference of return #13',
    });
    const confirm = within(row).getByRole('button', { name: 'Refund ₹449.10 return #13' });
    await user.click(confirm);
    expect(puts('13')).toEqual([]);
    expect(reference).toHaveAccessibleDescription(
      expect.stringContaining('Enter the UPI or bank transfer reference of the refund.'),
    );
    expect(reference).toHaveFocus();
    await user.type(reference, 'UPI/4321/AXIS');
    await user.click(confirm);
    await waitFor(() =>
      expect(puts('13')).toEqual([{ status: 'Refunded', refundReference: 'UPI/4321/AXIS' }]),
    );
    expect(await within(row).findByText('Reference UPI/4321/AXIS')).toBeInTheDocument();
    expect(row).toHaveTextContent('No further steps.');
  });

  it('refunds an online order through the gateway, with no reference', async () => {
    const user = userEvent.setup();
    serve({
      'GET /api/v1/orders/345': {
        data: { success: true, order: { _id: '345', payment: { method: 'razorpay' } } },
      },
      'PUT /api/v1/returns/13/status': {
        data: {
          success: true,
          return: {
            ...RECEIVED,
            status: 'Refunded',
            nextStatuses: [],
            refund: { status: 'pending' },
          },
        },
      },
    });
    open();
    const row = await screen.findByTestId('return-13');
    await user.click(within(row).getByRole('button', { name: 'Refund return #13' }));
    expect(await within(row).findByText(/Paid online/)).toBeInTheDocument();
    expect(within(row).queryByRole('textbox', { name: /reference/ })).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Refund ₹449.10 return #13' }));
    await waitFor(() => expect(puts('13')).toEqual([{ status: 'Refunded' }]));
    expect(await within(row).findByText('Gateway refund: pending')).toBeInTheDocument();
  });

  it('says when there are none, and when the list fails', async () => {
    serve({ 'GET /api/v1/returns': page([]) });
    const { unmount } = open();
    expect(await screen.findByText('No returns.')).toBeInTheDocument();
    unmount();
    server.restore();
    serve({
      'GET /api/v1/returns': { status: 500, data: { success: false, message: 'Server error' } },
    });
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error');
  });

  it('is the admin group’s returns route, linked from the menu', async () => {
    server = fakeServer({
      'GET /api/v1/auth/admin-auth': { data: { ok: true } },
      'GET /api/v1/returns': page([]),
    });
    expect(paths.adminReturns).toBe('/dashboard/admin/returns');
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
      paths.adminReturns,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Returns' }, { timeout: 10000 }),
    ).toBeInTheDocument();
    const link = within(screen.getByRole('navigation', { name: 'Admin Panel' })).getByRole('link', {
      name: 'Returns',
    });
    expect(link).toHaveAttribute('href', '/dashboard/admin/returns');
    expect(link).toHaveAttribute('aria-current', 'page');
  });
});
