// useCheckout on its own: the checkout call is answered at the transport (fakeServer), the
// Razorpay window and the orders calls are stand-ins given to the hook as the page gives
// the real ones. The page's tests (pages/CartPage*.test.jsx) run the same flows through
// the screen with every feature in place.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { fakeServer } from '../auth/testing/fakeServer';
import { busyLabelFor, chooseMethod, useCheckout } from './useCheckout';
import { CHECKOUT_MESSAGES } from './checkoutMessages';

const CHECKOUT = 'POST /api/v1/orders/checkout';
const SHIRT = [{ _id: '2', quantity: 1 }];
const TWO_SHIRTS = [{ _id: '2', quantity: 2 }];
const COD_ONLY = { codOffered: true, codLimit: null, online: null };
const BOTH = {
  codOffered: true,
  codLimit: null,
  online: { keyId: 'rzp_test_key', checkoutUrl: 'https://checkout.example/v1.js' },
};
const awaiting = { _id: '51', status: 'Awaiting Payment', payment: { success: false } };
const RAZORPAY = { orderId: 'order_Q1', amount: 79900, currency: 'INR' };
const failure = (status, message = 'No.') =>
  Object.assign(new Error(`status ${status}`), { response: { status, data: { message } } });

// The Razorpay window as useRazorpay's interface shows it, driven by the test.
function razorpayStandIn() {
  // `scriptLoads`: whether Razorpay's script arrives when prepare() asks for it.
  const gateway = { opened: [], prepared: 0, scriptLoads: true };
  function usePayment() {
    const [state, setState] = useState({ phase: 'idle', detail: null });
    return {
      ...state,
      busy: ['opening', 'open', 'verifying'].includes(state.phase),
      prepare: async () => {
        gateway.prepared += 1;
        if (gateway.scriptLoads) return true;
        setState({ phase: 'failed', detail: 'Online payment could not be loaded.' });
        return false;
      },
      pay: async (held, { onPaid, onClosed }) => {
        gateway.opened.push(held);
        setState({ phase: 'open', detail: 'In the window' });
        gateway.dismiss = () => {
          setState({ phase: 'failed', detail: 'Closed' });
          onClosed();
        };
        gateway.complete = (order) => {
          setState({ phase: 'idle', detail: null });
          onPaid(order);
        };
      },
      fail: (detail) => setState({ phase: 'failed', detail }),
      reset: () => setState({ phase: 'idle', detail: null }),
    };
  }
  return { gateway, usePayment };
}

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
});

// Renders the hook as the cart page does; `rerender(changes)` changes its inputs.
function setup({
  lines = SHIRT,
  addressId,
  codPin = null,
  offer = COD_ONLY,
  total = 799,
  orders = {},
} = {}) {
  const cart = { clear: vi.fn(), refresh: vi.fn() };
  const port = {
    getOrder: vi.fn(),
    cancelOrder: vi.fn(async () => ({ data: {} })),
    isAwaitingPayment: (order) => order?.status === 'Awaiting Payment',
    ...orders,
  };
  const { gateway, usePayment } = razorpayStandIn();
  const wrapper = ({ children }) => (
    <MemoryRouter initialEntries={['/cart']}>{children}</MemoryRouter>
  );
  const initialProps = { lines, addressId, codPin, offer, total };
  const hook = renderHook(
    (props) => {
      const payment = usePayment();
      const location = useLocation();
      const checkout = useCheckout({
        user: { name: 'Asha', address: '12 MG Road, Pune' },
        cart: { ...cart, lines: props.lines, empty: props.lines.length === 0 },
        total: props.total,
        address: {
          id: props.addressId,
          text: '12 MG Road, Pune',
          known: true,
          codPin: props.codPin,
        },
        offer: props.offer,
        payment,
        orders: port,
      });
      return { checkout, location };
    },
    { wrapper, initialProps },
  );
  let current = initialProps;
  return {
    cart,
    port,
    gateway,
    result: hook.result,
    checkout: () => hook.result.current.checkout,
    path: () => hook.result.current.location.pathname,
    rerender(changes) {
      current = { ...current, ...changes };
      hook.rerender(current);
    },
  };
}

const calls = () => server.calls.filter((call) => call.key === CHECKOUT);
const SWITCH = 'POST /api/v1/orders/51/pay-on-delivery';
const switches = () => server.calls.filter((call) => call.key === SWITCH);

// Pay online, then close Razorpay's window: the order is held, Try Again is offered.
async function heldAndClosed(shop) {
  act(() => shop.checkout().choose('razorpay'));
  await act(() => shop.checkout().placeOrder());
  act(() => shop.gateway.dismiss());
}
const keys = () => calls().map((call) => call.idempotencyKey);

describe('the payment method', () => {
  it('is the shopper’s pick while allowed, else cash on delivery, else online', () => {
    const online = BOTH.online;
    expect(chooseMethod(null, { codUsable: true, online })).toBe('cod');
    expect(chooseMethod('razorpay', { codUsable: true, online })).toBe('razorpay');
    expect(chooseMethod('razorpay', { codUsable: true, online: null })).toBe('cod');
    expect(chooseMethod('cod', { codUsable: false, online })).toBe('razorpay');
    expect(chooseMethod(null, { codUsable: false, online: null })).toBeNull();
  });

  it('leaves cash on delivery over the cap or where no cash is collected: online instead, or nothing to press', () => {
    const over = setup({ offer: { ...BOTH, codLimit: 500 } });
    expect(over.checkout().cod).toEqual({ offered: true, overLimit: true, noCodAt: null });
    expect(over.checkout().codUsable).toBe(false);
    expect(over.checkout().method).toBe('razorpay');
    const none = setup({ offer: { ...COD_ONLY, codLimit: 500 } });
    expect(none.checkout().method).toBeNull();
    const noCash = setup({ offer: BOTH, codPin: '600001' });
    expect(noCash.checkout().cod.noCodAt).toBe('600001');
    expect(noCash.checkout().codUsable).toBe(false);
    expect(noCash.checkout().method).toBe('razorpay');
    const unknown = setup({ offer: { codOffered: false, codLimit: null, online: null } });
    expect(unknown.checkout().cod.offered).toBe(false);
  });

  it('names the payment’s progress on the busy button', () => {
    expect(busyLabelFor('idle')).toBe('Placing order ...');
    expect(busyLabelFor('opening')).toBe('Opening payment ...');
    expect(busyLabelFor('open')).toBe('Waiting for payment ...');
    expect(busyLabelFor('verifying')).toBe('Confirming payment ...');
  });
});

describe('placing a cash order', () => {
  it('empties the cart and opens the order’s confirmation, or Your Orders without an id', async () => {
    server = fakeServer({ [CHECKOUT]: { status: 201, data: { order: { _id: '7' } } } });
    const placed = setup({ addressId: 32 });
    await act(() => placed.checkout().placeOrder());
    expect(calls()[0].body).toEqual({ cart: SHIRT, payment: 'cod', addressId: 32 });
    expect(placed.cart.clear).toHaveBeenCalledTimes(1);
    expect(placed.path()).toBe('/dashboard/user/orders/7/placed');
    server.restore();
    server = fakeServer({ [CHECKOUT]: { status: 201, data: { order: {} } } });
    const bare = setup();
    await act(() => bare.checkout().placeOrder());
    expect(bare.path()).toBe('/dashboard/user/orders');
  });

  it('keeps one key for the same attempt, a new one for another cart, address or method', async () => {
    server = fakeServer({ [CHECKOUT]: { status: 409, data: { message: 'Not enough stock' } } });
    const shop = setup({ offer: BOTH });
    await act(() => shop.checkout().placeOrder());
    await act(() => shop.checkout().placeOrder());
    expect(keys()[0]).toBeTruthy();
    expect(keys()[1]).toBe(keys()[0]);
    shop.rerender({ lines: TWO_SHIRTS });
    await act(() => shop.checkout().placeOrder());
    shop.rerender({ addressId: 33 });
    await act(() => shop.checkout().placeOrder());
    act(() => shop.checkout().choose('razorpay'));
    await act(() => shop.checkout().placeOrder());
    act(() => shop.checkout().choose('cod'));
    await act(() => shop.checkout().placeOrder());
    expect(calls().map((call) => call.body.payment)).toEqual([
      'cod',
      'cod',
      'cod',
      'cod',
      'razorpay',
      'cod',
    ]);
    expect(new Set(keys().slice(1)).size).toBe(5);
  });

  it('reads the cart again after a 400 or 409, not after a 5xx, and keeps it', async () => {
    let status = 409;
    server = fakeServer({ [CHECKOUT]: () => ({ status, data: { message: 'Refused' } }) });
    const shop = setup();
    await act(() => shop.checkout().placeOrder());
    status = 400;
    await act(() => shop.checkout().placeOrder());
    status = 500;
    await act(() => shop.checkout().placeOrder());
    expect(shop.cart.refresh).toHaveBeenCalledTimes(2);
    expect(shop.cart.clear).not.toHaveBeenCalled();
    expect(shop.path()).toBe('/cart');
  });

  it('sends one request for clicks made while one is under way', async () => {
    let answer;
    server = fakeServer({
      [CHECKOUT]: () => new Promise((resolve) => (answer = resolve)),
    });
    const shop = setup();
    let first;
    act(() => {
      first = shop.checkout().placeOrder();
      shop.checkout().placeOrder();
    });
    await act(() => shop.checkout().placeOrder());
    expect(shop.checkout().busy).toBe(true);
    await waitFor(() => expect(calls()).toHaveLength(1));
    await act(async () => {
      answer({ status: 201, data: { order: { _id: '8' } } });
      await first;
    });
    expect(calls()).toHaveLength(1);
    expect(shop.checkout().busy).toBe(false);
  });
});

describe('paying online', () => {
  it('retries a gateway outage under the same key, then pays cash under a new one', async () => {
    let answers = 0;
    server = fakeServer({
      [CHECKOUT]: (body) => {
        answers += 1;
        if (body.payment === 'cod') return { status: 201, data: { order: { _id: '9' } } };
        return { status: 502, data: { message: `Gateway down (${answers})` } };
      },
    });
    const shop = setup({ offer: BOTH });
    act(() => shop.checkout().choose('razorpay'));
    await act(() => shop.checkout().placeOrder());
    expect(shop.checkout().retrying).toBe(true);
    expect(shop.checkout().status).toEqual({ phase: 'failed', detail: 'Gateway down (1)' });
    await act(() => shop.checkout().tryAgain());
    expect(keys()[1]).toBe(keys()[0]);
    expect(shop.gateway.opened).toHaveLength(0);
    await act(() => shop.checkout().switchToCod());
    // Nothing was placed: nothing to read or cancel first.
    expect(shop.port.getOrder).not.toHaveBeenCalled();
    expect(calls()[2].body.payment).toBe('cod');
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(shop.path()).toBe('/dashboard/user/orders/9/placed');
  });

  it('treats a checkout without Razorpay’s order as the gateway being down', async () => {
    server = fakeServer({ [CHECKOUT]: { status: 201, data: { order: awaiting } } });
    const shop = setup({ offer: BOTH });
    act(() => shop.checkout().choose('razorpay'));
    await act(() => shop.checkout().placeOrder());
    expect(shop.checkout().retrying).toBe(true);
    expect(shop.checkout().status.detail).toBe(CHECKOUT_MESSAGES.paymentServiceDown);
  });

  it('places nothing while Razorpay’s script cannot load; Try Again then places one order', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { order: awaiting, razorpay: RAZORPAY } },
    });
    const shop = setup({ offer: BOTH });
    shop.gateway.scriptLoads = false;
    act(() => shop.checkout().choose('razorpay'));
    await act(() => shop.checkout().placeOrder());
    expect(calls()).toHaveLength(0);
    expect(shop.checkout().retrying).toBe(true);
    expect(shop.checkout().status.detail).toBe('Online payment could not be loaded.');
    shop.gateway.scriptLoads = true;
    await act(() => shop.checkout().tryAgain());
    expect(shop.gateway.prepared).toBe(2);
    expect(calls()).toHaveLength(1);
    expect(shop.gateway.opened.map((held) => held.order._id)).toEqual(['51']);
  });

  it('takes cash on delivery after the script failed: one order, nothing to cancel', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { order: { _id: '60', status: 'Not Processed' } } },
    });
    const shop = setup({ offer: BOTH });
    shop.gateway.scriptLoads = false;
    act(() => shop.checkout().choose('razorpay'));
    await act(() => shop.checkout().placeOrder());
    await act(() => shop.checkout().switchToCod());
    expect(calls().map((call) => call.body.payment)).toEqual(['cod']);
    expect(shop.port.getOrder).not.toHaveBeenCalled();
    expect(shop.port.cancelOrder).not.toHaveBeenCalled();
    expect(shop.path()).toBe('/dashboard/user/orders/60/placed');
  });

  it('opens the window for the held order, empties the cart once paid', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { order: awaiting, razorpay: RAZORPAY } },
    });
    const shop = setup({ offer: BOTH });
    act(() => shop.checkout().choose('razorpay'));
    await act(() => shop.checkout().placeOrder());
    expect(shop.gateway.opened).toEqual([
      { signature: JSON.stringify([SHIRT, null]), order: awaiting, razorpay: RAZORPAY },
    ]);
    expect(shop.checkout().busy).toBe(true);
    expect(shop.checkout().busyLabel).toBe('Waiting for payment ...');
    act(() => shop.gateway.complete(undefined));
    expect(shop.cart.clear).toHaveBeenCalledTimes(1);
    expect(shop.path()).toBe('/dashboard/user/orders/51/placed');
  });

  it('forgets a failed attempt once the cart changes, and releases its order first', async () => {
    let placed = 0;
    server = fakeServer({
      [CHECKOUT]: () => {
        placed += 1;
        const order = { ...awaiting, _id: String(50 + placed) };
        return { status: 201, data: { order, razorpay: RAZORPAY } };
      },
    });
    const shop = setup({
      offer: BOTH,
      orders: { getOrder: vi.fn(async () => ({ data: { order: { ...awaiting, _id: '51' } } })) },
    });
    act(() => shop.checkout().choose('razorpay'));
    await act(() => shop.checkout().placeOrder());
    act(() => shop.gateway.dismiss());
    expect(shop.checkout().retrying).toBe(true);
    shop.rerender({ lines: TWO_SHIRTS });
    expect(shop.checkout().retrying).toBe(false);
    expect(shop.checkout().status).toEqual({ phase: 'idle', detail: null });
    await act(() => shop.checkout().placeOrder());
    expect(shop.port.getOrder).toHaveBeenCalledWith('51');
    expect(shop.port.cancelOrder).toHaveBeenCalledWith('51');
    expect(calls()).toHaveLength(2);
    expect(calls()[1].body.cart).toEqual(TWO_SHIRTS);
    expect(keys()[1]).not.toBe(keys()[0]);
    expect(shop.gateway.opened.map((held) => held.order._id)).toEqual(['51', '52']);
  });

  it('stops when a stale held order cannot be read, goes on when it is gone', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { order: awaiting, razorpay: RAZORPAY } },
    });
    const getOrder = vi.fn(async () => {
      throw failure(503, 'Please try again in a moment.');
    });
    const shop = setup({ offer: BOTH, orders: { getOrder } });
    await heldAndClosed(shop);
    shop.rerender({ lines: TWO_SHIRTS });
    await act(() => shop.checkout().placeOrder());
    expect(calls()).toHaveLength(1);
    getOrder.mockImplementation(async () => {
      throw failure(404, 'Order not found');
    });
    await act(() => shop.checkout().placeOrder());
    expect(shop.port.cancelOrder).not.toHaveBeenCalled();
    expect(calls().map((call) => call.body.cart)).toEqual([SHIRT, TWO_SHIRTS]);
  });

  it('does not cancel an order paid after the window closed: it is simply paid', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { order: awaiting, razorpay: RAZORPAY } },
      [SWITCH]: { status: 409, data: { message: 'This order has been paid online.' } },
    });
    const paidOrder = { ...awaiting, status: 'Not Processed', payment: { success: true } };
    const shop = setup({
      offer: BOTH,
      orders: { getOrder: vi.fn(async () => ({ data: { order: paidOrder } })) },
    });
    await heldAndClosed(shop);
    await act(() => shop.checkout().switchToCod());
    expect(shop.port.cancelOrder).not.toHaveBeenCalled();
    expect(calls()).toHaveLength(1);
    expect(switches()).toHaveLength(1);
    expect(shop.cart.clear).toHaveBeenCalledTimes(1);
    expect(shop.path()).toBe('/dashboard/user/orders/51/placed');
  });
});

describe('cash on delivery instead of the online payment', () => {
  it('switches the held order itself: one order, nothing cancelled, no second checkout', async () => {
    const switched = { ...awaiting, status: 'Not Processed', payment: { method: 'cod' } };
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { order: awaiting, razorpay: RAZORPAY } },
      [SWITCH]: { status: 200, data: { order: switched } },
    });
    const shop = setup({ offer: BOTH });
    await heldAndClosed(shop);
    expect(shop.checkout().retrying).toBe(true);
    await act(() => shop.checkout().switchToCod());
    expect(calls().map((call) => call.body.payment)).toEqual(['razorpay']);
    expect(switches()).toHaveLength(1);
    expect(switches()[0].body).toBeUndefined();
    expect(shop.port.cancelOrder).not.toHaveBeenCalled();
    expect(shop.port.getOrder).not.toHaveBeenCalled();
    expect(shop.cart.clear).toHaveBeenCalledTimes(1);
    expect(shop.path()).toBe('/dashboard/user/orders/51/placed');
    expect(shop.checkout().retrying).toBe(false);
  });

  it('asks once for clicks made while the switch is under way', async () => {
    let answer;
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { order: awaiting, razorpay: RAZORPAY } },
      [SWITCH]: () => new Promise((resolve) => (answer = resolve)),
    });
    const shop = setup({ offer: BOTH });
    await heldAndClosed(shop);
    let first;
    act(() => {
      first = shop.checkout().switchToCod();
      shop.checkout().switchToCod();
    });
    await act(() => shop.checkout().switchToCod());
    await waitFor(() => expect(switches()).toHaveLength(1));
    await act(async () => {
      answer({ status: 200, data: { order: { ...awaiting, status: 'Not Processed' } } });
      await first;
    });
    expect(switches()).toHaveLength(1);
    expect(calls()).toHaveLength(1);
    expect(shop.path()).toBe('/dashboard/user/orders/51/placed');
  });

  it('opens the order’s page when a payment of it is being completed (409), placing nothing', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { order: awaiting, razorpay: RAZORPAY } },
      [SWITCH]: { status: 409, data: { message: 'A payment for this order is being completed.' } },
    });
    const shop = setup({
      offer: BOTH,
      orders: { getOrder: vi.fn(async () => ({ data: { order: awaiting } })) },
    });
    await heldAndClosed(shop);
    await act(() => shop.checkout().switchToCod());
    expect(calls()).toHaveLength(1);
    expect(shop.port.cancelOrder).not.toHaveBeenCalled();
    expect(shop.cart.clear).not.toHaveBeenCalled();
    expect(shop.path()).toBe('/dashboard/user/orders/51');
  });

  it('places a cash order under a new key when the held order was given up (409) or is gone (404)', async () => {
    for (const [status, order] of [
      [409, { ...awaiting, status: 'Cancelled', payment: { success: false } }],
      [404, null],
    ]) {
      server?.restore();
      server = fakeServer({
        [CHECKOUT]: (body) =>
          body.payment === 'cod'
            ? { status: 201, data: { order: { _id: '70', status: 'Not Processed' } } }
            : { status: 201, data: { order: awaiting, razorpay: RAZORPAY } },
        [SWITCH]: { status, data: { message: 'No.' } },
      });
      const shop = setup({
        offer: BOTH,
        orders: { getOrder: vi.fn(async () => ({ data: { order } })) },
      });
      await heldAndClosed(shop);
      await act(() => shop.checkout().switchToCod());
      expect(calls().map((call) => call.body.payment)).toEqual(['razorpay', 'cod']);
      expect(keys()[1]).not.toBe(keys()[0]);
      expect(shop.port.cancelOrder).not.toHaveBeenCalled();
      expect(shop.path()).toBe('/dashboard/user/orders/70/placed');
    }
  });

  it('says why when cash is not taken for the order (400) and keeps Try Again', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { order: awaiting, razorpay: RAZORPAY } },
      [SWITCH]: {
        status: 400,
        data: { message: 'Cash on delivery is not available for PIN code 411001.' },
      },
    });
    const shop = setup({ offer: BOTH });
    await heldAndClosed(shop);
    await act(() => shop.checkout().switchToCod());
    expect(calls()).toHaveLength(1);
    expect(shop.cart.clear).not.toHaveBeenCalled();
    expect(shop.path()).toBe('/cart');
    expect(shop.checkout().retrying).toBe(true);
    await act(() => shop.checkout().tryAgain());
    expect(shop.gateway.opened.map((held) => held.order._id)).toEqual(['51', '51']);
  });
});
