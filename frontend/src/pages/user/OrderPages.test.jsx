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

const TEE_LINE = {
  _id: '1',
  lineId: '11',
  name: 'Cotton Tee',
  slug: 'cotton-tee',
  price: 1299,
  quantity: 3,
  cancelledQuantity: 0,
  variant: '17',
  options: { Size: 'M' },
};
const DAY = 24 * 60 * 60 * 1000;
const AFTER_SALE = shopInfoAnswer({ shop: { returnWindowDays: 7 } });
const afterSaleServer = (routes) =>
  fakeApi({ 'GET /api/v1/shop-info': { data: AFTER_SALE }, ...routes });
const posts = (key) => server.calls.filter((call) => call.key === key).map((call) => call.body);

describe('Order detail after the sale', () => {
  it('cancels some items before shipping and shows them cancelled on the line', async () => {
    const user = userEvent.setup();
    let answer = order({ products: [TEE_LINE], total: 3996 });
    server = afterSaleServer({
      'GET /api/v1/orders/42': () => ({ data: { success: true, order: answer } }),
      'POST /api/v1/orders/42/cancel': (body) => {
        answer = order({
          products: [{ ...TEE_LINE, quantity: 2, cancelledQuantity: 1 }],
          total: 2697,
        });
        return { data: { success: true, message: 'Items cancelled', order: answer, body } };
      },
    });
    renderRoutes(routes, '/dashboard/user/orders/42');
    const open = await screen.findByRole('button', { name: 'Cancel items of order #42' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Cancel items of order #42' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Quantity of Cotton Tee (Size: M) to cancel' }),
      '1',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(posts('POST /api/v1/orders/42/cancel')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 1 item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts('POST /api/v1/orders/42/cancel')).toEqual([
      { lines: [{ _id: '11', quantity: 1 }] },
    ]);
    expect(await screen.findByTestId('line-cancelled')).toHaveTextContent('Cancelled: 1');
    expect(screen.getByText('Total: ₹2,697')).toBeInTheDocument();
    expect(await screen.findByText('1 item cancelled')).toBeInTheDocument();
    // Two are left: the button stays and has the focus back.
    expect(screen.getByRole('button', { name: 'Cancel items of order #42' })).toHaveFocus();
  });

  it('keeps the dialog and the choice when the server refuses', async () => {
    const user = userEvent.setup();
    server = afterSaleServer({
      'GET /api/v1/orders/42': { data: { success: true, order: order({ products: [TEE_LINE] }) } },
      'POST /api/v1/orders/42/cancel': {
        status: 409,
        data: { success: false, message: 'Order 42 has shipped: it can no longer be cancelled.' },
      },
    });
    renderRoutes(routes, '/dashboard/user/orders/42');
    await user.click(await screen.findByRole('button', { name: 'Cancel items of order #42' }));
    const dialog = screen.getByRole('dialog');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Cotton Tee/ }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 2 items' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Order 42 has shipped: it can no longer be cancelled.',
    );
    // And as a toast.
    expect(
      await screen.findAllByText('Order 42 has shipped: it can no longer be cancelled.'),
    ).toHaveLength(2);
    expect(within(dialog).getByTestId('items-to-cancel')).toHaveTextContent('2 × Cotton Tee');
    expect(within(dialog).getByRole('button', { name: 'Cancel 2 items' })).toBeEnabled();
  });

  it('a delivered order: shipment, credit notes, returns, the timeline, and asking for an exchange', async () => {
    const user = userEvent.setup();
    const deliveredAt = new Date(Date.now() - 2 * DAY).toISOString();
    const shippedAt = new Date(Date.now() - 4 * DAY).toISOString();
    const delivered = order({
      status: 'Delivered',
      nextStatuses: [],
      invoiceNumber: 'SS/2026-27/7',
      products: [{ ...TEE_LINE, quantity: 2, cancelledQuantity: 1 }],
      shipment: {
        courier: 'BlueDart',
        awb: 'BD123',
        trackingUrl: 'https://bluedart.example/track/BD123',
        shippedAt,
        deliveredAt,
      },
      expectedDelivery: null,
      creditNotes: [{ number: 'SS/CN2627/0003', date: '2026-12-03', amount: 1299 }],
      statusHistory: [
        { status: 'Not Processed', at: '2026-11-20T10:00:00Z' },
        { status: 'Shipped', at: shippedAt },
        { status: 'Delivered', at: deliveredAt },
      ],
    });
    const first = {
      _id: '5',
      order: '42',
      lines: [{ _id: '11', quantity: 1, name: 'Cotton Tee', options: { Size: 'M' } }],
      reason: 'damaged',
      kind: 'refund',
      status: 'Received',
      refundAmount: 1299,
      creditNoteNumber: 'SS/CN2627/0003',
      exchangeOrder: null,
      history: [
        { status: 'Requested', at: new Date(Date.now() - DAY).toISOString() },
        { status: 'Received', at: new Date(Date.now() - DAY / 2).toISOString() },
      ],
      createdAt: new Date(Date.now() - DAY).toISOString(),
    };
    let returns = [first];
    server = afterSaleServer({
      'GET /api/v1/orders/42': { data: { success: true, order: delivered } },
      'GET /api/v1/orders/42/returns': () => ({ data: { success: true, returns } }),
      'GET /api/v1/product/get-product/cotton-tee': {
        data: {
          success: true,
          product: {
            _id: '1',
            slug: 'cotton-tee',
            options: [{ name: 'Size', values: ['M', 'L', 'XL'] }],
            variants: [
              { _id: '17', options: { Size: 'M' }, price: 1299, quantity: 5 },
              { _id: '18', options: { Size: 'L' }, price: 1299, quantity: 2 },
              { _id: '19', options: { Size: 'XL' }, price: 1299, quantity: 0 },
            ],
          },
        },
      },
      'POST /api/v1/orders/42/returns': (body) => {
        const made = {
          ...first,
          _id: '6',
          kind: 'exchange',
          reason: body.reason,
          status: 'Requested',
          refundAmount: 0,
          creditNoteNumber: null,
          exchangeOptions: { Size: 'L' },
          history: [{ status: 'Requested', at: new Date().toISOString() }],
          createdAt: new Date().toISOString(),
        };
        returns = [made, first];
        return { status: 201, data: { success: true, return: made } };
      },
    });
    renderRoutes(routes, '/dashboard/user/orders/42');
    const card = await screen.findByRole('article');
    // The shipment; once delivered, no tracking link any more.
    expect(within(card).getByRole('region', { name: 'Delivery' })).toHaveTextContent(
      'Courier:BlueDartAWB:BD123',
    );
    expect(within(card).getByTestId('delivered-on')).toHaveTextContent('Delivered on');
    expect(within(card).queryByRole('link', { name: /Track your parcel/ })).toBeNull();
    // Credit notes.
    expect(within(card).getByTestId('credit-notes')).toHaveTextContent(
      'SS/CN2627/0003, 3 Dec 2026: ₹1,299',
    );
    // Its returns.
    const list = await screen.findByRole('region', { name: 'Your returns' });
    expect(list).toHaveTextContent('Return #5');
    expect(list).toHaveTextContent('Refund of ₹1,299 on its way');
    // The timeline: placed to delivered, then the return's steps.
    const timeline = screen.getByRole('region', { name: 'Order timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.firstChild.textContent),
    ).toEqual(['Placed', 'Shipped', 'Delivered', 'Return #5: Requested', 'Return #5: Received']);

    // One of the two units left is in return #5: one more can go back.
    const section = screen.getByRole('region', { name: 'Return or exchange' });
    await user.click(within(section).getByRole('button', { name: 'Return or exchange items' }));
    const form = within(section).getByRole('form', { name: 'Return or exchange' });
    const tee = within(form).getByRole('combobox', { name: /Cotton Tee/ });
    expect(
      within(tee)
        .getAllByRole('option')
        .map((o) => o.value),
    ).toEqual(['0', '1']);
    await user.selectOptions(tee, '1');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Reason' }), 'size');
    await user.click(within(form).getByRole('radio', { name: /Exchange/ }));
    const variant = await within(form).findByRole('combobox', { name: 'Exchange for' });
    expect(
      within(variant)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose ...', 'Size: L']);
    await user.selectOptions(variant, '18');
    await user.click(within(form).getByRole('button', { name: 'Request exchange' }));
    await waitFor(() =>
      expect(posts('POST /api/v1/orders/42/returns')).toEqual([
        {
          lines: [{ _id: '11', quantity: 1 }],
          reason: 'size',
          kind: 'exchange',
          exchangeVariant: '18',
        },
      ]),
    );
    expect(await within(list).findByText('Exchange #6')).toBeInTheDocument();
    expect(list).toHaveTextContent('Exchange for Size: L');
    // Every unit is now in a return: nothing more to ask for.
    expect(
      await within(section).findByText(/Every item of this order has been returned/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(section).getByRole('heading', { name: 'Return or exchange' })).toHaveFocus(),
    );
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
