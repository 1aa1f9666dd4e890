import { afterEach, describe, expect, it } from 'vitest';
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
  buyer: { _id: '3', name: 'Ravi Kumar' },
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
  it('shows buyer, items and total, offering only the allowed moves', async () => {
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [order(5, 'Processing'), order(4, 'Delivered')],
        headers: { 'x-total-count': '2' },
      },
    });
    open();
    expect(await screen.findByText('2 orders')).toBeInTheDocument();
    const [processing, delivered] = screen.getAllByRole('article');
    expect(within(processing).getByText('Ravi Kumar')).toBeInTheDocument();
    const select = within(processing).getByLabelText('Status of order #5');
    expect([...select.options].map((o) => o.value)).toEqual(['Processing', 'Shipped', 'Cancelled']);
    expect(within(delivered).getByLabelText('Status of order #4')).toBeDisabled();
  });

  it('moves an order to the chosen status', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      'GET /api/v1/auth/all-orders': {
        data: [order(5, 'Processing')],
        headers: { 'x-total-count': '1' },
      },
      'PUT /api/v1/auth/order-status/5': (body) => ({
        data: { success: true, order: order(5, body.status) },
      }),
    });
    open();
    await user.selectOptions(await screen.findByLabelText('Status of order #5'), 'Shipped');
    expect(await screen.findByText('Order marked Shipped')).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('Shipped');
    const put = server.calls.find((call) => call.key.startsWith('PUT'));
    expect(put.body).toEqual({ status: 'Shipped' });
  });

  it('filters by status and pages through 20 at a time', async () => {
    const user = userEvent.setup();
    const seen = [];
    server = fakeServer({
      'GET /api/v1/auth/all-orders': () => ({
        data: [order(1, 'Shipped')],
        headers: { 'x-total-count': '45' },
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
      expect(seen).toEqual([{ page: 1 }, { page: 2 }, { page: 1, status: 'Shipped' }]);
    } finally {
      apiClient.defaults.adapter = answer;
    }
  });
});
