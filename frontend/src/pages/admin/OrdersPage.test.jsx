import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import { AUTH_KEY } from '../../constants/storageKeys';
import AdminOrdersPage from './OrdersPage';

const NEXT = {
  'Not Processed': ['Processing', 'Cancelled'],
  Processing: ['Shipped', 'Cancelled'],
  Shipped: ['Delivered'],
};
const order = (id, status) => ({
  _id: String(id),
  status,
  total: 499,
  address: '5 Lake Rd',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  payment: { method: 'cod', success: false },
  buyer: { _id: '3', name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9876543210' },
  products: [{ _id: '1', name: 'Mug', slug: 'mug', description: '', price: 499, quantity: 1 }],
  nextStatuses: NEXT[status] ?? [],
});

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
});

function open() {
  window.localStorage.setItem(
    AUTH_KEY,
    JSON.stringify({ token: 't', user: { name: 'Admin', address: '', role: 1 } }),
  );
  return renderRoutes(
    [{ path: '/dashboard/admin/orders', element: <AdminOrdersPage /> }],
    '/dashboard/admin/orders',
  );
}

describe('Admin orders', () => {
  it('shows buyer with phone and email, items and total, offering only the allowed moves', async () => {
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [order(5, 'Processing'), order(4, 'Delivered')],
        headers: { 'x-total-count': '2', 'x-page-size': '20' },
      },
    });
    open();
    expect(await screen.findByText('2 orders')).toBeInTheDocument();
    const [processing, delivered] = screen.getAllByRole('article');
    expect(within(processing).getByText(/Ravi Kumar/)).toBeInTheDocument();
    expect(within(processing).getByRole('link', { name: '9876543210' })).toHaveAttribute(
      'href',
      'tel:+919876543210',
    );
    expect(within(processing).getByRole('link', { name: 'ravi@example.com' })).toHaveAttribute(
      'href',
      'mailto:ravi@example.com',
    );
    const select = within(processing).getByLabelText('New status of order #5');
    expect([...select.options].map((o) => o.value)).toEqual(['', 'Shipped', 'Cancelled']);
    expect(within(delivered).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(delivered).getByText('This order is Delivered: final.')).toBeInTheDocument();
  });

  it('shows a line’s options to the admin', async () => {
    const line = {
      _id: '12',
      name: 'Cotton Tee',
      slug: 'cotton-tee',
      price: 549,
      quantity: 1,
      variant: '18',
      sku: 'TEE-M-BLK',
      options: { Size: 'M', Colour: 'Black' },
    };
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [{ ...order(7, 'Processing'), products: [line] }],
        headers: { 'x-total-count': '1', 'x-page-size': '20' },
      },
    });
    open();
    const card = await screen.findByRole('article');
    expect(within(card).getByTestId('line-options')).toHaveTextContent('Size: M · Colour: Black');
  });

  it('shows the admin an order’s coupon, its discount and each line’s share', async () => {
    const placed = order(8, 'Processing');
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [
          {
            ...placed,
            coupon: 'FESTIVE',
            discountTotal: 50,
            total: 449,
            products: [{ ...placed.products[0], discount: 50 }],
          },
        ],
        headers: { 'x-total-count': '1', 'x-page-size': '20' },
      },
    });
    open();
    const card = await screen.findByRole('article');
    expect(within(card).getByTestId('order-discount')).toHaveTextContent('Coupon FESTIVE: −₹50');
    expect(within(card).getByTestId('line-discount')).toHaveTextContent('−₹50');
    expect(within(card).getByText('Total: ₹449')).toBeInTheDocument();
  });

  it('changes nothing on choosing a status, only on Update Status', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [order(5, 'Not Processed')],
        headers: { 'x-total-count': '1', 'x-page-size': '20' },
      },
      'PUT /api/v1/auth/order-status/5': (body) => ({
        data: { success: true, order: order(5, body.status) },
      }),
    });
    open();
    const select = await screen.findByLabelText('New status of order #5');
    select.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.selectOptions(select, 'Processing');
    expect(server.calls.some((call) => call.key.startsWith('PUT'))).toBe(false);
    expect(screen.getByTestId('status')).toHaveTextContent('Not Processed');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Order marked Processing')).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('Processing');
  });

  it('asks before cancelling, naming the order, and keeps it on Keep order', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [order(5, 'Processing')],
        headers: { 'x-total-count': '1', 'x-page-size': '20' },
      },
      'PUT /api/v1/auth/order-status/5': (body) => ({
        data: { success: true, order: order(5, body.status) },
      }),
    });
    open();
    await user.selectOptions(await screen.findByLabelText('New status of order #5'), 'Cancelled');
    const update = screen.getByRole('button', { name: 'Update Status' });
    await user.click(update);
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #5?' });
    expect(dialog).toHaveTextContent('Order #5 will be cancelled');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(update).toHaveFocus();
    expect(server.calls.some((call) => call.key.startsWith('PUT'))).toBe(false);

    await user.click(update);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order marked Cancelled')).toBeInTheDocument();
    const put = server.calls.find((call) => call.key.startsWith('PUT'));
    expect(put.body).toEqual({ status: 'Cancelled' });
  });

  it('asks before Returned, saying what it does, and moves nothing on Keep as it is', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [{ ...order(7, 'Delivered'), nextStatuses: ['Returned'] }],
        headers: { 'x-total-count': '1', 'x-page-size': '20' },
      },
      'PUT /api/v1/auth/order-status/7': (body) => ({
        data: { success: true, order: order(7, body.status) },
      }),
    });
    open();
    await user.selectOptions(await screen.findByLabelText('New status of order #7'), 'Returned');
    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark order #7 as Returned?' });
    expect(dialog).toHaveTextContent('goes back in stock, a credit note is issued');
    await user.click(within(dialog).getByRole('button', { name: 'Keep as it is' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.key.startsWith('PUT'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Update Status' }));
    await user.click(screen.getByRole('button', { name: 'Mark Returned' }));
    expect(await screen.findByText('Order marked Returned')).toBeInTheDocument();
    const put = server.calls.find((call) => call.key.startsWith('PUT'));
    expect(put.body).toEqual({ status: 'Returned' });
  });

  it('says a cancelled order paid online is refunded, and only then', async () => {
    const user = userEvent.setup();
    const paid = { ...order(8, 'Processing'), payment: { method: 'razorpay', success: true } };
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [paid, order(9, 'Processing')],
        headers: { 'x-total-count': '2', 'x-page-size': '20' },
      },
    });
    open();
    await user.selectOptions(await screen.findByLabelText('New status of order #8'), 'Cancelled');
    await user.click(screen.getAllByRole('button', { name: 'Update Status' })[0]);
    expect(screen.getByRole('dialog', { name: 'Cancel order #8?' })).toHaveTextContent(
      'What was paid online is refunded to the way it was paid.',
    );
    await user.click(screen.getByRole('button', { name: 'Keep order' }));
    await user.selectOptions(screen.getByLabelText('New status of order #9'), 'Cancelled');
    await user.click(screen.getAllByRole('button', { name: 'Update Status' })[1]);
    expect(screen.getByRole('dialog', { name: 'Cancel order #9?' })).not.toHaveTextContent(
      'refunded',
    );
  });

  const COURIERS = [
    { _id: '2', name: 'Blue Dart', trackingUrlTemplate: 'https://bluedart.example/t/{awb}' },
    { _id: '1', name: 'Delhivery', trackingUrlTemplate: 'https://delhivery.example/{awb}' },
  ];
  const shipping = (couriers) => ({
    'GET /api/v1/auth/all-orders': {
      data: [order(5, 'Processing'), order(6, 'Processing')],
      headers: { 'x-total-count': '2', 'x-page-size': '20' },
    },
    'GET /api/v1/couriers': couriers,
    'PUT /api/v1/auth/order-status/5': (body) => ({
      data: { success: true, order: order(5, body.status) },
    }),
  });
  const puts = () => server.calls.filter((call) => call.key.startsWith('PUT'));

  it('ships with a courier on file and its AWB, asking for the couriers once', async () => {
    const user = userEvent.setup();
    server = fakeServer(shipping({ data: { success: true, couriers: COURIERS } }));
    open();
    const [card, another] = await screen.findAllByRole('article');
    expect(server.calls.some((call) => call.key === 'GET /api/v1/couriers')).toBe(false);
    await user.selectOptions(within(card).getByLabelText('New status of order #5'), 'Shipped');
    const courier = await within(card).findByRole('combobox', { name: 'Courier (optional)' });
    expect([...courier.options].map((o) => o.textContent)).toEqual([
      'Not given',
      'Blue Dart',
      'Delhivery',
      'Other courier ...',
    ]);
    expect(within(card).queryByLabelText('Courier name')).not.toBeInTheDocument();
    await user.selectOptions(courier, 'Delhivery');
    await user.type(within(card).getByLabelText('AWB / tracking number (optional)'), ' DL 42/7 ');
    await user.selectOptions(within(another).getByLabelText('New status of order #6'), 'Shipped');
    expect(within(another).getByRole('combobox', { name: 'Courier (optional)' })).toHaveValue('');
    await user.click(within(card).getByRole('button', { name: 'Update Status' }));
    expect(await screen.findByText('Order marked Shipped')).toBeInTheDocument();
    expect(puts().map((call) => call.body)).toEqual([
      { status: 'Shipped', courier: 'Delhivery', awb: 'DL 42/7' },
    ]);
    expect(server.calls.filter((call) => call.key === 'GET /api/v1/couriers')).toHaveLength(1);
  });

  it('takes another courier typed in, all from the keyboard', async () => {
    const user = userEvent.setup();
    server = fakeServer(shipping({ data: { success: true, couriers: COURIERS } }));
    open();
    const status = await screen.findByLabelText('New status of order #5');
    status.focus();
    await user.keyboard('{Enter}');
    await user.selectOptions(status, 'Shipped');
    const courier = await screen.findByRole('combobox', { name: 'Courier (optional)' });
    await user.tab();
    expect(courier).toHaveFocus();
    await user.selectOptions(courier, 'Other courier ...');
    await user.tab();
    expect(screen.getByLabelText('Courier name')).toHaveFocus();
    await user.keyboard('Ekart Logistics');
    await user.tab();
    expect(screen.getByLabelText('AWB / tracking number (optional)')).toHaveFocus();
    await user.keyboard('FMPC123{Enter}');
    expect(await screen.findByText('Order marked Shipped')).toBeInTheDocument();
    expect(puts().map((call) => call.body)).toEqual([
      { status: 'Shipped', courier: 'Ekart Logistics', awb: 'FMPC123' },
    ]);
  });

  it('keeps the courier a text field when none are on file or they fail to load', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server = fakeServer(shipping({ status: 500, data: { success: false, message: 'Down' } }));
    open();
    await user.selectOptions(await screen.findByLabelText('New status of order #5'), 'Shipped');
    await user.type(screen.getByLabelText('Courier (optional)'), 'India Post');
    await user.type(screen.getByLabelText('AWB / tracking number (optional)'), 'EZ1IN');
    expect(screen.queryByRole('combobox', { name: 'Courier (optional)' })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Update Status' })[0]);
    expect(await screen.findByText('Order marked Shipped')).toBeInTheDocument();
    expect(screen.getAllByTestId('status')[0]).toHaveTextContent('Shipped');
    expect(puts().map((call) => call.body)).toEqual([
      { status: 'Shipped', courier: 'India Post', awb: 'EZ1IN' },
    ]);
  });

  it('ships with neither when both are left empty', async () => {
    const user = userEvent.setup();
    server = fakeServer(shipping({ data: { success: true, couriers: [] } }));
    open();
    await user.selectOptions(await screen.findByLabelText('New status of order #5'), 'Shipped');
    await user.click(screen.getAllByRole('button', { name: 'Update Status' })[0]);
    expect(await screen.findByText('Order marked Shipped')).toBeInTheDocument();
    expect(puts().map((call) => call.body)).toEqual([{ status: 'Shipped', courier: '', awb: '' }]);
  });

  it('filters by status and pages through 20 at a time', async () => {
    const user = userEvent.setup();
    const seen = [];
    server = fakeServer({
      'GET /api/v1/auth/all-orders': () => ({
        data: [order(1, 'Shipped')],
        headers: { 'x-total-count': '45', 'x-page-size': '20' },
      }),
    });
    const { apiClient } = await import('../../lib/apiClient');
    const answer = apiClient.defaults.adapter;
    apiClient.defaults.adapter = (config) => {
      seen.push(config.params);
      return answer(config);
    };
    try {
      open();
      expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
      await user.selectOptions(screen.getByLabelText('Filter by status'), 'Shipped');
      expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
      await user.type(screen.getByLabelText('Order number, phone or email'), ' 98765 ');
      await user.click(screen.getByRole('button', { name: 'Find' }));
      await screen.findByText('Page 1 of 3');
      expect(seen).toEqual([
        { page: 1 },
        { page: 2 },
        { page: 1, status: 'Shipped' },
        { page: 1, status: 'Shipped', q: '98765' },
      ]);
    } finally {
      apiClient.defaults.adapter = answer;
    }
  });

  it('offers Returned where the server allows it, then the credit note; 409 is said', async () => {
    const user = userEvent.setup();
    const delivered = {
      ...order(8, 'Delivered'),
      invoiceNumber: 'SS/2026-27/8',
      nextStatuses: ['Returned'],
    };
    let answer = {
      status: 409,
      data: { success: false, message: 'This order cannot move to Returned.' },
    };
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [delivered],
        headers: { 'x-total-count': '1', 'x-page-size': '20' },
      },
      'PUT /api/v1/auth/order-status/8': () => answer,
    });
    open();
    const card = await screen.findByRole('article');
    expect(within(card).getByRole('button', { name: /Download invoice/ })).toBeInTheDocument();
    const filter = screen.getByLabelText('Filter by status');
    expect([...filter.options].map((o) => o.value)).toContain('Returned');
    const select = within(card).getByLabelText('New status of order #8');
    expect([...select.options].map((o) => o.value)).toEqual(['', 'Returned']);
    await user.selectOptions(select, 'Returned');
    await user.click(within(card).getByRole('button', { name: 'Update Status' }));
    await user.click(screen.getByRole('button', { name: 'Mark Returned' }));
    expect(await screen.findByText('This order cannot move to Returned.')).toBeInTheDocument();
    answer = {
      data: { success: true, order: { ...delivered, status: 'Returned', nextStatuses: [] } },
    };
    await user.selectOptions(within(card).getByLabelText('New status of order #8'), 'Returned');
    await user.click(within(card).getByRole('button', { name: 'Update Status' }));
    await user.click(screen.getByRole('button', { name: 'Mark Returned' }));
    expect(
      await within(screen.getByRole('article')).findByRole('button', {
        name: 'Download credit note of order #8',
      }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByTestId('status')).toHaveTextContent('Returned');
  });
});
