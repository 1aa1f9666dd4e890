import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { fakeServer as fakeApi } from '../../features/auth/testing/fakeServer';
import { resetShopInfo } from '../../features/shop/useShopInfo';
import { shopInfoAnswer } from '../../features/shop/testing';
import { CHECKOUT_URL, fakeRazorpay } from '../../features/orders/testing/fakeRazorpay';
import { forgetScripts } from '../../lib/loadScript';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import { AUTH_KEY } from '../../constants/storageKeys';
import OrdersPage from './OrdersPage';

const order = (id, status, extra = {}) => ({
  _id: String(id),
  status,
  total: 2598,
  address: '12 MG Road, Pune',
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  payment: { method: 'cod', success: status === 'Delivered' },
  buyer: { _id: '7', name: 'Asha' },
  products: [
    { _id: '1', name: 'Kettle', slug: 'kettle', description: '', price: 1299, quantity: 2 },
  ],
  nextStatuses: status === 'Not Processed' ? ['Processing', 'Cancelled'] : [],
  ...extra,
});

// The shop takes online payments unless a test's routes say otherwise.
const ONLINE = shopInfoAnswer({
  paymentMethods: ['cod', 'razorpay'],
  razorpay: { keyId: 'rzp_test_key', checkoutUrl: CHECKOUT_URL },
});
const fakeServer = (routes) => fakeApi({ 'GET /api/v1/shop-info': { data: ONLINE }, ...routes });

let server;
let razorpay;
beforeEach(() => {
  razorpay = fakeRazorpay();
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

function open() {
  window.localStorage.setItem(
    AUTH_KEY,
    JSON.stringify({ token: 't', user: { name: 'Asha', address: 'x', role: 0 } }),
  );
  return renderRoutes(
    [{ path: '/dashboard/user/orders', element: <OrdersPage /> }],
    '/dashboard/user/orders',
  );
}

describe('Your orders', () => {
  it('shows the coupon an order was placed with, its discount and each line’s share', async () => {
    const kettle = order(12, 'Shipped').products[0];
    server = fakeServer({
      'GET /api/v1/auth/orders': {
        data: [
          order(12, 'Shipped', {
            coupon: 'SAVE10',
            discountTotal: 259.8,
            total: 2338.2,
            products: [{ ...kettle, discount: 259.8 }],
          }),
          order(9, 'Delivered', { coupon: null, discountTotal: 0 }),
        ],
      },
    });
    open();
    const [withCoupon, without] = await screen.findAllByRole('article');
    expect(within(withCoupon).getByTestId('order-discount')).toHaveTextContent(
      'Coupon SAVE10: −₹259.80',
    );
    expect(within(withCoupon).getByTestId('line-discount')).toHaveTextContent('−₹259.80');
    expect(within(withCoupon).getByText('Total: ₹2,338.20')).toBeInTheDocument();
    expect(within(without).queryByTestId('order-discount')).toBeNull();
    expect(within(without).queryByRole('columnheader', { name: 'Discount' })).toBeNull();
  });

  it('lists each order with number, status, items, total and address, newest first', async () => {
    server = fakeServer({
      'GET /api/v1/auth/orders': { data: [order(12, 'Shipped'), order(9, 'Not Processed')] },
    });
    open();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Order #12',
      'Order #9',
    ]);
    const first = cards[0];
    expect(within(first).getByTestId('status')).toHaveTextContent('Shipped');
    expect(within(first).getByRole('link', { name: 'Kettle' })).toHaveAttribute(
      'href',
      '/product/kettle',
    );
    expect(within(first).getByText('Total: ₹2,598')).toBeInTheDocument();
    expect(within(first).getByText('12 MG Road, Pune')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(within(cards[1]).getByRole('button', { name: 'Cancel order #9' })).toBeInTheDocument();
  });

  it('shows the options of a line that is a variant, two sizes of one product as two lines', async () => {
    const tee = { _id: '12', name: 'Cotton Tee', slug: 'cotton-tee', description: '', price: 499 };
    server = fakeServer({
      'GET /api/v1/auth/orders': {
        data: [
          order(14, 'Processing', {
            products: [
              {
                ...tee,
                quantity: 1,
                variant: '17',
                sku: 'TEE-S-BLK',
                options: { Size: 'S', Colour: 'Black' },
              },
              {
                ...tee,
                quantity: 2,
                variant: '18',
                sku: 'TEE-M-BLK',
                options: { Size: 'M', Colour: 'Black' },
              },
              {
                _id: '1',
                name: 'Kettle',
                slug: 'kettle',
                price: 1299,
                quantity: 1,
                variant: '3',
                options: {},
              },
            ],
          }),
        ],
      },
    });
    open();
    const card = await screen.findByRole('article');
    expect(within(card).getAllByRole('link', { name: 'Cotton Tee' })).toHaveLength(2);
    expect(
      within(card)
        .getAllByTestId('line-options')
        .map((node) => node.textContent),
    ).toEqual(['Size: S · Colour: Black', 'Size: M · Colour: Black']);
    const rows = within(card).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Cotton TeeSize: M · Colour: Black2₹499');
  });

  it('cancels an order that has not shipped', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      'GET /api/v1/auth/orders': { data: [order(9, 'Not Processed')] },
      'POST /api/v1/orders/9/cancel': { data: { success: true, order: order(9, 'Cancelled') } },
    });
    open();
    const cancel = await screen.findByRole('button', { name: 'Cancel order #9' });
    await user.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #9?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(cancel).toHaveFocus();
    expect(server.calls.some((call) => call.key.startsWith('POST'))).toBe(false);
    await user.click(cancel);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled')).toBeInTheDocument();
    expect(screen.getByTestId('status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel order #9' })).not.toBeInTheDocument();
  });

  it('shows the courier and tracking number of a shipped order', async () => {
    server = fakeServer({
      'GET /api/v1/auth/orders': {
        data: [
          order(12, 'Shipped', { courier: 'India Post', trackingNumber: 'EZ123IN' }),
          order(9, 'Not Processed', { courier: '', trackingNumber: '' }),
        ],
      },
    });
    open();
    const [shipped, waiting] = await screen.findAllByRole('article');
    expect(within(shipped).getByTestId('tracking')).toHaveTextContent(
      'Shipped with: India Post, tracking number EZ123IN',
    );
    expect(within(waiting).queryByTestId('tracking')).not.toBeInTheDocument();
  });

  it('says so when there are no orders', async () => {
    server = fakeServer({ 'GET /api/v1/auth/orders': { data: [] } });
    open();
    expect(await screen.findByText('You have no orders yet.')).toBeInTheDocument();
  });
});

const RAZORPAY = { keyId: 'rzp_test_key', orderId: 'order_Q7', amount: 259800, currency: 'INR' };
const awaiting = order(21, 'Awaiting Payment', {
  payment: { method: 'razorpay', success: false },
  nextStatuses: ['Cancelled'],
  razorpay: RAZORPAY,
});
const IDS = {
  razorpay_payment_id: 'pay_B2',
  razorpay_order_id: 'order_Q7',
  razorpay_signature: 'cd34',
};

describe('Your orders paid online', () => {
  it('pays an awaiting order from its card: the same Razorpay order, verified, shown paid', async () => {
    const user = userEvent.setup();
    const paid = {
      ...awaiting,
      status: 'Not Processed',
      payment: { method: 'razorpay', success: true, paymentId: 'pay_B2' },
      nextStatuses: ['Processing', 'Cancelled'],
    };
    server = fakeServer({
      'GET /api/v1/auth/orders': { data: [awaiting] },
      'POST /api/v1/orders/21/razorpay/verify': { data: { success: true, order: paid } },
    });
    open();
    const card = await screen.findByRole('article');
    expect(within(card).getByTestId('status')).toHaveTextContent('Awaiting payment');
    const payNow = await within(card).findByRole('button', { name: 'Pay Now for order #21' });
    expect(within(card).getByRole('button', { name: 'Cancel order #21' })).toBeEnabled();
    await user.click(payNow);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    expect(razorpay.last.options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_Q7',
      amount: 259800,
      name: 'ShopSphere',
    });
    expect(payNow).toBeDisabled();
    act(() => razorpay.last.pay(IDS));
    expect(await screen.findByText('Payment received for order #21.')).toBeInTheDocument();
    const verify = server.calls.filter((call) => call.key.endsWith('/razorpay/verify'));
    expect(verify.map((call) => call.body)).toEqual([IDS]);
    expect(within(card).getByTestId('status')).toHaveTextContent('Not Processed');
    expect(within(card).getByTestId('order-payment')).toHaveTextContent(
      'Payment: Paid online (payment ID pay_B2)',
    );
    expect(within(card).queryByRole('button', { name: /Pay Now/ })).toBeNull();
  });

  it('says the payment was not completed and puts focus back on Pay Now', async () => {
    const user = userEvent.setup();
    server = fakeServer({ 'GET /api/v1/auth/orders': { data: [awaiting] } });
    open();
    const payNow = await screen.findByRole('button', { name: 'Pay Now for order #21' });
    await user.click(payNow);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    act(() => razorpay.last.dismiss());
    await waitFor(() => expect(payNow).toHaveFocus());
    expect(screen.getByTestId('payment-status')).toHaveTextContent(
      'Payment not completedOrder #21 is waiting for your payment.',
    );
    expect(server.calls.some((call) => call.key.startsWith('POST'))).toBe(false);
  });

  it('offers only Cancel for an awaiting order whose answer lacks the Razorpay order', async () => {
    const bare = { ...awaiting, razorpay: undefined };
    server = fakeServer({ 'GET /api/v1/auth/orders': { data: [{ ...bare, nextStatuses: [] }] } });
    open();
    const card = await screen.findByRole('article');
    await waitFor(() =>
      expect(server.calls.map((call) => call.key)).toContain('GET /api/v1/shop-info'),
    );
    expect(within(card).getByRole('button', { name: 'Cancel order #21' })).toBeEnabled();
    expect(within(card).queryByRole('button', { name: /Pay Now/ })).toBeNull();
  });

  it('offers only Cancel when the shop no longer takes online payments', async () => {
    server = fakeServer({
      'GET /api/v1/shop-info': { data: shopInfoAnswer() },
      'GET /api/v1/auth/orders': { data: [awaiting] },
    });
    open();
    const card = await screen.findByRole('article');
    await waitFor(() =>
      expect(server.calls.map((call) => call.key)).toContain('GET /api/v1/shop-info'),
    );
    expect(within(card).getByRole('button', { name: 'Cancel order #21' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Pay Now/ })).toBeNull();
  });
});
