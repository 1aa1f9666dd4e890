// The order's own page and the confirmation checkout lands on: both read GET /orders/{id}.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { fakeServer as fakeApi } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import { resetShopInfo } from '../../features/shop/useShopInfo';
import { shopInfoAnswer } from '../../features/shop/testing';
import { CHECKOUT_URL, fakeRazorpay } from '../../features/orders/testing/fakeRazorpay';
import { forgetScripts } from '../../lib/loadScript';
import { AUTH_KEY } from '../../constants/storageKeys';
import OrderDetailPage from './OrderDetailPage';
import OrderPlacedPage from './OrderPlacedPage';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const ADDRESS = {
  name: 'Asha Rao',
  phone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
};

const order = (extra = {}) => ({
  _id: '42',
  status: 'Not Processed',
  total: 2697,
  deliveryCharge: 99,
  taxTotal: 411.4,
  address: 'Asha Rao, 12 MG Road, Pune, Maharashtra 411001',
  shippingAddress: ADDRESS,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  payment: { method: 'cod', success: false },
  buyer: { _id: '7', name: 'Asha' },
  products: [
    {
      _id: '1',
      name: 'Cotton Tee',
      slug: 'cotton-tee',
      price: 1299,
      quantity: 2,
      variant: '17',
      options: { Size: 'M' },
      hsn: '6109',
      gstRate: 12,
      cgst: 69.6,
      sgst: 69.6,
      igst: 0,
    },
  ],
  nextStatuses: ['Processing', 'Cancelled'],
  trackingNumber: '',
  courier: '',
  invoiceNumber: null,
  statusHistory: [{ status: 'Not Processed', at: '2026-11-20T10:00:00Z' }],
  ...extra,
});

const ONLINE = shopInfoAnswer({
  paymentMethods: ['cod', 'razorpay'],
  razorpay: { keyId: 'rzp_test_key', checkoutUrl: CHECKOUT_URL },
});
const fakeServer = (routes) => fakeApi({ 'GET /api/v1/shop-info': { data: ONLINE }, ...routes });

let server;
let razorpay;
beforeEach(() => {
  razorpay = fakeRazorpay();
  window.localStorage.setItem(
    AUTH_KEY,
    JSON.stringify({ token: 't', user: { name: 'Asha', address: 'x', role: 0 } }),
  );
});
afterEach(() => {
  server?.restore();
  server = undefined;
  razorpay.restore();
  forgetScripts();
  resetShopInfo();
  toast.remove();
  window.localStorage.clear();
});

const routes = [
  { path: '/dashboard/user/orders/:id', element: <OrderDetailPage /> },
  { path: '/dashboard/user/orders/:id/placed', element: <OrderPlacedPage /> },
  { path: '/dashboard/user/orders', element: <p>all orders</p> },
  { path: '/', element: <p>home</p> },
];

describe('Order detail', () => {
  it('shows the lines, address, payment, tax and the status history', async () => {
    server = fakeServer({
      'GET /api/v1/orders/42': {
        data: {
          success: true,
          order: order({
            status: 'Shipped',
            courier: 'BlueDart',
            trackingNumber: 'BD123',
            invoiceNumber: 'SS/2026-27/7',
            nextStatuses: ['Delivered'],
            statusHistory: [
              { status: 'Not Processed', at: '2026-11-20T10:00:00Z' },
              { status: 'Processing', at: '2026-11-21T09:30:00Z' },
              { status: 'Shipped', at: '2026-11-22T16:45:00Z' },
            ],
          }),
        },
      },
    });
    renderRoutes(routes, '/dashboard/user/orders/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeVisible();
    const card = screen.getByRole('article');
    expect(within(card).getByRole('link', { name: 'Cotton Tee' })).toBeInTheDocument();
    expect(within(card).getByTestId('line-options')).toHaveTextContent('Size: M');
    expect(within(card).getByTestId('shipping-address')).toHaveTextContent('12 MG Road');
    expect(within(card).getByTestId('order-payment')).toHaveTextContent('Cash on delivery');
    expect(within(card).getByTestId('tracking')).toHaveTextContent('BlueDart');
    expect(within(card).getByTestId('order-tax')).toHaveTextContent('Includes GST of ₹411.40');
    expect(
      within(card).getByRole('button', { name: 'Download invoice of order #42' }),
    ).toBeInTheDocument();
    const timeline = screen.getByRole('region', { name: 'Order timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.firstChild.textContent)).toEqual([
      'Placed',
      'Processing',
      'Shipped',
      'Delivered',
    ]);
    expect(within(steps[2]).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-22T16:45:00Z');
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    expect(steps[3]).toHaveTextContent('Not yet');
    expect(within(card).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('cancels after the confirmation and shows the new history', async () => {
    const user = userEvent.setup();
    let answer = order();
    server = fakeServer({
      'GET /api/v1/orders/42': () => ({ data: { success: true, order: answer } }),
      'POST /api/v1/orders/42/cancel': () => {
        answer = order({
          status: 'Cancelled',
          nextStatuses: [],
          statusHistory: [
            ...order().statusHistory,
            { status: 'Cancelled', at: '2026-11-21T08:00:00Z' },
          ],
        });
        return { data: { success: true, order: { ...answer, statusHistory: undefined } } };
      },
    });
    renderRoutes(routes, '/dashboard/user/orders/42');
    await user.click(await screen.findByRole('button', { name: 'Cancel order #42' }));
    const dialog = await screen.findByRole('dialog');
    expect(server.calls.some((call) => call.key.startsWith('POST'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: /cancel order/i }));
    await waitFor(() => expect(screen.getByTestId('timeline')).toHaveTextContent('Cancelled'));
    expect(screen.getByTestId('status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel order #42' })).not.toBeInTheDocument();
  });

  it("says not found for an order that is not the shopper's", async () => {
    server = fakeServer({
      'GET /api/v1/orders/43': {
        status: 404,
        data: { success: false, message: 'Order not found' },
      },
    });
    renderRoutes(routes, '/dashboard/user/orders/43');
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

describe('Order placed', () => {
  it('cash on delivery: number, total, address, payment and paying at the door', async () => {
    server = fakeServer({ 'GET /api/v1/orders/42': { data: { success: true, order: order() } } });
    renderRoutes(routes, '/dashboard/user/orders/42/placed');
    expect(
      await screen.findByRole('heading', { name: 'Thank you! Your order is placed.' }),
    ).toBeVisible();
    expect(screen.getByTestId('order-number')).toHaveTextContent('Order number #42');
    expect(screen.getByTestId('placed-total')).toHaveTextContent('₹2,697');
    expect(screen.getByTestId('placed-total')).toHaveTextContent('2 items, including taxes');
    expect(screen.getByTestId('placed-address')).toHaveTextContent(
      'Asha Rao, 12 MG Road, Pune, Maharashtra 411001 (phone 9876543210)',
    );
    expect(screen.getByTestId('placed-payment')).toHaveTextContent('Cash on delivery');
    expect(screen.getByTestId('next-step')).toHaveTextContent(
      'Pay ₹2,697 in cash when your order is delivered.',
    );
    expect(screen.getByRole('link', { name: 'View Order' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders/42',
    );
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  });

  it('paid online: says the payment arrived', async () => {
    const paid = order({ payment: { method: 'razorpay', success: true, paymentId: 'pay_A1' } });
    server = fakeServer({ 'GET /api/v1/orders/42': { data: { success: true, order: paid } } });
    renderRoutes(routes, '/dashboard/user/orders/42/placed');
    expect(await screen.findByTestId('placed-payment')).toHaveTextContent('Paid online');
    expect(screen.getByTestId('next-step')).toHaveTextContent('We have your payment of ₹2,697.');
  });

  it('awaiting payment: offers Pay Now, and shows it paid once verified', async () => {
    const user = userEvent.setup();
    const awaiting = order({
      status: 'Awaiting Payment',
      payment: { method: 'razorpay', success: false },
      nextStatuses: ['Cancelled'],
      razorpay: {
        keyId: 'rzp_test_key',
        orderId: 'order_Q1',
        amount: 269700,
        currency: 'INR',
        name: 'Asha',
        email: 'a@example.com',
        phone: '',
      },
    });
    const paid = order({ payment: { method: 'razorpay', success: true, paymentId: 'pay_A1' } });
    let answer = awaiting;
    server = fakeServer({
      'GET /api/v1/orders/42': () => ({ data: { success: true, order: answer } }),
      'POST /api/v1/orders/42/razorpay/verify': () => {
        answer = paid;
        return { data: { success: true, order: paid } };
      },
    });
    renderRoutes(routes, '/dashboard/user/orders/42/placed');
    expect(await screen.findByTestId('next-step')).toHaveTextContent(
      'We are waiting for your payment of ₹2,697.',
    );
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(razorpay.instances).toHaveLength(1));
    act(() =>
      razorpay.last.pay({
        razorpay_payment_id: 'pay_A1',
        razorpay_order_id: 'order_Q1',
        razorpay_signature: 'ab12',
      }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('placed-payment')).toHaveTextContent('Paid online'),
    );
    expect(screen.queryByRole('button', { name: 'Pay Now' })).not.toBeInTheDocument();
  });
});
