// The cart's payment choice and the Razorpay flow, with the shop's API faked at the
// transport and Razorpay's checkout script replaced by its test double.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { AUTH_KEY, CART_KEY } from '../constants/storageKeys';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import { CHECKOUT_URL, fakeRazorpay } from '../features/orders/testing/fakeRazorpay';
import { forgetScripts } from '../lib/loadScript';
import CartPage from './CartPage';

// The confirmation page checkout lands on, with the order it names.
function PlacedProbe() {
  const { id } = useParams();
  return <p>placed page of order {id}</p>;
}

const shirt = {
  _id: '2',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'Breathable linen.',
  price: 799,
  quantity: 40,
};
const SHOPPER = { token: 't', user: { name: 'Asha', address: '12 MG Road, Pune', role: 0 } };
const ONLINE = {
  paymentMethods: ['cod', 'razorpay'],
  razorpay: { keyId: 'rzp_test_key', checkoutUrl: CHECKOUT_URL },
  delivery: { charge: 0, freeFrom: null },
};
const RAZORPAY = {
  keyId: 'rzp_test_key',
  orderId: 'order_Q1',
  amount: 79900,
  currency: 'INR',
  name: 'Asha',
  email: 'asha@example.in',
  phone: '9876543210',
};
const awaiting = {
  _id: '51',
  status: 'Awaiting Payment',
  total: 799,
  payment: { method: 'razorpay', success: false },
  products: [],
};
const paidOrder = {
  ...awaiting,
  status: 'Not Processed',
  payment: { method: 'razorpay', success: true, paymentId: 'pay_A1' },
};
const SWITCH = 'POST /api/v1/orders/51/pay-on-delivery';
const IDS = {
  razorpay_payment_id: 'pay_A1',
  razorpay_order_id: 'order_Q1',
  razorpay_signature: 'ab12',
};

function serve(shop = ONLINE, extra = {}) {
  return fakeServer({
    'GET /api/v1/shop-info': { data: shopInfoAnswer(shop) },
    'GET /api/v1/auth/addresses': { data: [] },
    [`GET /api/v1/product/get-product/${shirt.slug}`]: { data: { product: shirt } },
    ...extra,
  });
}

function renderCart(cart = [shirt]) {
  window.localStorage.setItem(CART_KEY, JSON.stringify(cart));
  window.localStorage.setItem(AUTH_KEY, JSON.stringify(SHOPPER));
  return render(
    <AuthProvider>
      <CartProvider>
        <Toaster />
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="/dashboard/user/orders" element={<p>orders page</p>} />
            <Route path="/dashboard/user/orders/:id/placed" element={<PlacedProbe />} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

const summary = () => screen.getByRole('region', { name: 'Cart Summary' });
const stored = () => JSON.parse(window.localStorage.getItem(CART_KEY));
const callsTo = (key) => server.calls.filter((call) => call.key === key);
const CHECKOUT = 'POST /api/v1/orders/checkout';
const status = () => within(summary()).getByTestId('payment-status');

// Chooses online payment and presses Pay once shop-info has answered.
async function payOnline(user) {
  await user.click(await within(summary()).findByRole('radio', { name: /Pay online/ }));
  await user.click(within(summary()).getByRole('button', { name: 'Pay ₹799 online' }));
}

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
  toast.remove();
  window.localStorage.clear();
  resetShopInfo();
});

describe('CartPage payment choice', () => {
  it('offers only cash on delivery when the shop takes no online payments', async () => {
    server = serve({ delivery: { charge: 0, freeFrom: null } });
    renderCart();
    const group = await within(summary()).findByRole('group', { name: 'Payment' });
    await waitFor(() => expect(server.calls.map((c) => c.key)).toContain('GET /api/v1/shop-info'));
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(within(group).getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    expect(within(group).queryByRole('radio', { name: /Pay online/ })).toBeNull();
    expect(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    ).toBeEnabled();
  });

  it('offers Razorpay beside cash on delivery; the button follows the choice', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart();
    const online = await within(summary()).findByRole('radio', {
      name: 'Pay online (UPI, cards, netbanking)',
    });
    expect(within(summary()).getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
    await user.click(online);
    expect(within(summary()).getByRole('button', { name: 'Pay ₹799 online' })).toBeEnabled();
    expect(screen.getByTestId('cart-sticky-bar')).toHaveTextContent('Pay ₹799 online');
    await user.click(within(summary()).getByRole('radio', { name: 'Cash on delivery' }));
    expect(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    ).toBeInTheDocument();
    expect(razorpay.scripts).toHaveLength(0); // loaded only when paying
  });

  it('disables cash on delivery over the cap, says why, and preselects online', async () => {
    server = serve({ ...ONLINE, codLimit: 500 });
    renderCart();
    const cod = within(summary()).getByRole('radio', { name: 'Cash on delivery' });
    await waitFor(() => expect(cod).toBeDisabled());
    expect(cod).toHaveAccessibleDescription('Not available for orders over ₹500');
    expect(within(summary()).getByRole('radio', { name: /Pay online/ })).toBeChecked();
    expect(within(summary()).getByRole('button', { name: 'Pay ₹799 online' })).toBeEnabled();
  });

  it('allows no order over the cap when the shop takes no online payments', async () => {
    server = serve({ codLimit: 500, delivery: { charge: 0, freeFrom: null } });
    renderCart();
    const cod = within(summary()).getByRole('radio', { name: 'Cash on delivery' });
    await waitFor(() => expect(cod).toBeDisabled());
    expect(cod).not.toBeChecked();
    expect(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    ).toBeDisabled();
  });
});

describe('CartPage paying online', () => {
  it('opens Razorpay for the order, verifies the payment with its three keys, empties the cart', async () => {
    const user = userEvent.setup();
    server = serve(ONLINE, {
      [CHECKOUT]: { status: 201, data: { success: true, order: awaiting, razorpay: RAZORPAY } },
      'POST /api/v1/orders/51/razorpay/verify': { data: { success: true, order: paidOrder } },
    });
    renderCart();
    await payOnline(user);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    expect(callsTo(CHECKOUT).map((call) => call.body)).toEqual([
      { cart: [{ _id: '2', quantity: 1 }], payment: 'razorpay' },
    ]);
    expect(callsTo(CHECKOUT)[0].idempotencyKey).toBeTruthy();
    expect(razorpay.last.options).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_Q1',
      amount: 79900,
      currency: 'INR',
      name: 'ShopSphere',
      description: 'Order #51',
      prefill: { name: 'Asha', email: 'asha@example.in', contact: '9876543210' },
    });
    expect(razorpay.scripts).toHaveLength(1);
    expect(status()).toHaveTextContent('Complete the payment in the Razorpay window.');
    expect(
      within(summary()).getByRole('button', { name: 'Waiting for payment ...' }),
    ).toBeDisabled();
    // Not emptied while the payment is open.
    expect(stored()).toHaveLength(1);
    act(() => razorpay.last.pay({ ...IDS, extra: 'not sent' }));
    expect(await screen.findByText('placed page of order 51')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/orders/51/razorpay/verify').map((call) => call.body)).toEqual([
      IDS,
    ]);
    expect(stored()).toEqual([]);
    expect(await screen.findByText(/Payment received/)).toBeInTheDocument();
  });

  it('sends one checkout for a double click on Pay', async () => {
    const user = userEvent.setup();
    server = serve(ONLINE, {
      [CHECKOUT]: { status: 201, data: { success: true, order: awaiting, razorpay: RAZORPAY } },
    });
    renderCart();
    await user.click(await within(summary()).findByRole('radio', { name: /Pay online/ }));
    await user.dblClick(within(summary()).getByRole('button', { name: 'Pay ₹799 online' }));
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    expect(callsTo(CHECKOUT)).toHaveLength(1);
    expect(razorpay.instances).toHaveLength(1);
  });

  it('on dismissal keeps the cart, says so, focuses Try Again, which reopens the same Razorpay order', async () => {
    const user = userEvent.setup();
    server = serve(ONLINE, {
      [CHECKOUT]: { status: 201, data: { success: true, order: awaiting, razorpay: RAZORPAY } },
    });
    renderCart();
    await payOnline(user);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    act(() => razorpay.last.dismiss());
    const again = await within(summary()).findByRole('button', { name: 'Try Again' });
    await waitFor(() => expect(again).toHaveFocus());
    expect(status()).toHaveTextContent('Payment not completed');
    expect(status()).toHaveTextContent('Order #51 is waiting for your payment.');
    expect(
      within(summary()).getByRole('button', { name: 'Pay Cash on Delivery Instead' }),
    ).toBeEnabled();
    expect(stored()).toHaveLength(1);
    expect(within(summary()).getByRole('group', { name: 'Payment' })).toBeDisabled();
    await user.click(again);
    await waitFor(() => expect(razorpay.instances).toHaveLength(2));
    expect(razorpay.last.opened).toBe(1);
    expect(razorpay.last.options.order_id).toBe('order_Q1');
    expect(callsTo(CHECKOUT)).toHaveLength(1);
    expect(razorpay.scripts).toHaveLength(1);
  });

  it('shows the gateway’s reason for a failed payment, and still takes a payment made in the window', async () => {
    const user = userEvent.setup();
    server = serve(ONLINE, {
      [CHECKOUT]: { status: 201, data: { success: true, order: awaiting, razorpay: RAZORPAY } },
      'POST /api/v1/orders/51/razorpay/verify': { data: { success: true, order: paidOrder } },
    });
    renderCart();
    await payOnline(user);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    act(() => razorpay.last.fail('Your bank declined the payment'));
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Payment not completedThe payment failed: Your bank declined the payment',
      ),
    );
    // The shopper retries inside Razorpay's window and pays.
    act(() => razorpay.last.pay(IDS));
    expect(await screen.findByText('placed page of order 51')).toBeInTheDocument();
    expect(stored()).toEqual([]);
  });

  it('switches to cash on delivery: the held order itself, nothing cancelled, no second order', async () => {
    const user = userEvent.setup();
    const switched = { ...awaiting, status: 'Not Processed', payment: { method: 'cod' } };
    server = serve(ONLINE, {
      [CHECKOUT]: { status: 201, data: { success: true, order: awaiting, razorpay: RAZORPAY } },
      [SWITCH]: { data: { success: true, order: switched } },
    });
    renderCart();
    await payOnline(user);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    act(() => razorpay.last.dismiss());
    await user.click(
      await within(summary()).findByRole('button', { name: 'Pay Cash on Delivery Instead' }),
    );
    expect(await screen.findByText('placed page of order 51')).toBeInTheDocument();
    const posts = server.calls.filter((call) => !call.key.startsWith('GET /api/v1/product'));
    expect(posts.map((call) => call.key).slice(-2)).toEqual([CHECKOUT, SWITCH]);
    expect(server.calls.some((call) => call.key.endsWith('/cancel'))).toBe(false);
    expect(callsTo(CHECKOUT)).toHaveLength(1);
    expect(stored()).toEqual([]);
  });

  it('does not cancel an order that was paid after the window closed: it is simply paid', async () => {
    const user = userEvent.setup();
    server = serve(ONLINE, {
      [CHECKOUT]: { status: 201, data: { success: true, order: awaiting, razorpay: RAZORPAY } },
      [SWITCH]: { status: 409, data: { success: false, message: 'This order has been paid.' } },
      'GET /api/v1/orders/51': { data: { success: true, order: paidOrder } },
    });
    renderCart();
    await payOnline(user);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    act(() => razorpay.last.dismiss());
    await user.click(
      await within(summary()).findByRole('button', { name: 'Pay Cash on Delivery Instead' }),
    );
    expect(await screen.findByText('placed page of order 51')).toBeInTheDocument();
    expect(server.calls.some((call) => call.key.endsWith('/cancel'))).toBe(false);
    expect(callsTo(CHECKOUT)).toHaveLength(1);
    expect(stored()).toEqual([]);
  });

  it('shows the gateway’s outage, retries with the same key, or places a cash order', async () => {
    const user = userEvent.setup();
    const down = 'The payment gateway is not answering. Please try again.';
    let answers = 0;
    server = serve(ONLINE, {
      [CHECKOUT]: (body) => {
        answers += 1;
        if (body.payment === 'cod') return { status: 201, data: { success: true, order: {} } };
        return { status: answers === 1 ? 502 : 503, data: { success: false, message: down } };
      },
    });
    renderCart();
    await payOnline(user);
    const again = await within(summary()).findByRole('button', { name: 'Try Again' });
    await waitFor(() => expect(again).toHaveFocus());
    expect(status()).toHaveTextContent(`Payment not completed${down}`);
    await user.click(again);
    await waitFor(() => expect(callsTo(CHECKOUT)).toHaveLength(2));
    expect(razorpay.instances).toHaveLength(0);
    await user.click(
      await within(summary()).findByRole('button', { name: 'Pay Cash on Delivery Instead' }),
    );
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    const [first, second, cod] = callsTo(CHECKOUT);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    expect(cod.body.payment).toBe('cod');
    expect(cod.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(server.calls.some((call) => call.key.endsWith('/cancel'))).toBe(false);
  });

  it('says so when Razorpay’s script cannot load, and tries to load it again', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    razorpay.restore();
    razorpay = fakeRazorpay({ fail: true });
    server = serve(ONLINE, {
      [CHECKOUT]: { status: 201, data: { success: true, order: awaiting, razorpay: RAZORPAY } },
    });
    renderCart();
    await payOnline(user);
    const again = await within(summary()).findByRole('button', { name: 'Try Again' });
    expect(status()).toHaveTextContent(
      'Online payment could not be loaded. Try again or choose cash on delivery.',
    );
    expect(callsTo(CHECKOUT)).toHaveLength(0); // nothing placed before the script is ready
    razorpay.restore();
    razorpay = fakeRazorpay();
    await user.click(again);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    expect(callsTo(CHECKOUT)).toHaveLength(1);
  });

  it('takes cash on delivery after the script failed to load: one order, nothing cancelled', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    razorpay.restore();
    razorpay = fakeRazorpay({ fail: true });
    server = serve(ONLINE, {
      [CHECKOUT]: {
        status: 201,
        data: { success: true, order: { _id: '61', status: 'Not Processed' } },
      },
    });
    renderCart();
    await payOnline(user);
    await user.click(
      await within(summary()).findByRole('button', { name: 'Pay Cash on Delivery Instead' }),
    );
    await waitFor(() => expect(callsTo(CHECKOUT)).toHaveLength(1));
    expect(callsTo(CHECKOUT)[0].body.payment).toBe('cod');
    expect(server.calls.some((call) => call.key.endsWith('/cancel'))).toBe(false);
  });

  it('keeps the cart and offers a retry when the server refuses the signature', async () => {
    const user = userEvent.setup();
    const refused = 'The payment could not be verified.';
    server = serve(ONLINE, {
      [CHECKOUT]: { status: 201, data: { success: true, order: awaiting, razorpay: RAZORPAY } },
      'POST /api/v1/orders/51/razorpay/verify': {
        status: 400,
        data: { success: false, message: refused },
      },
    });
    renderCart();
    await payOnline(user);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    act(() => razorpay.last.pay(IDS));
    const again = await within(summary()).findByRole('button', { name: 'Try Again' });
    expect(status()).toHaveTextContent(`Payment not completed${refused}`);
    await waitFor(() => expect(again).toHaveFocus());
    expect(stored()).toHaveLength(1);
  });

  it('releases a held order before paying for a changed cart', async () => {
    const user = userEvent.setup();
    let placed = 0;
    server = serve(ONLINE, {
      [CHECKOUT]: () => {
        placed += 1;
        const order = { ...awaiting, _id: String(50 + placed) };
        const details = { ...RAZORPAY, orderId: `order_Q${placed}` };
        return { status: 201, data: { success: true, order, razorpay: details } };
      },
      'GET /api/v1/orders/51': { data: { success: true, order: awaiting } },
      'POST /api/v1/orders/51/cancel': { data: { success: true, order: awaiting } },
    });
    renderCart();
    await payOnline(user);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    act(() => razorpay.last.dismiss());
    await within(summary()).findByRole('button', { name: 'Try Again' });
    await user.click(screen.getByRole('button', { name: 'More: Linen Shirt' }));
    // The held order no longer matches the cart: Pay is back, for the new total.
    expect(within(summary()).queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(status()).toBeEmptyDOMElement();
    await user.click(within(summary()).getByRole('button', { name: 'Pay ₹1,598 online' }));
    await waitFor(() => expect(razorpay.last?.options.order_id).toBe('order_Q2'));
    const keys = server.calls.map((call) => call.key).filter((key) => !key.includes('/product/'));
    expect(keys.slice(-3)).toEqual([
      'GET /api/v1/orders/51',
      'POST /api/v1/orders/51/cancel',
      CHECKOUT,
    ]);
    const [first, second] = callsTo(CHECKOUT);
    expect(second.body.cart).toEqual([{ _id: '2', quantity: 2 }]);
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });

  it('keeps the cart and the held order when it cannot be switched, and says why', async () => {
    const user = userEvent.setup();
    const why = 'Please try again in a moment.';
    server = serve(ONLINE, {
      [CHECKOUT]: { status: 201, data: { success: true, order: awaiting, razorpay: RAZORPAY } },
      [SWITCH]: { status: 503, data: { success: false, message: why } },
    });
    renderCart();
    await payOnline(user);
    await waitFor(() => expect(razorpay.last?.opened).toBe(1));
    act(() => razorpay.last.dismiss());
    await user.click(
      await within(summary()).findByRole('button', { name: 'Pay Cash on Delivery Instead' }),
    );
    expect(await screen.findByText(why)).toBeInTheDocument();
    expect(callsTo(CHECKOUT)).toHaveLength(1);
    expect(stored()).toHaveLength(1);
    expect(within(summary()).getByRole('button', { name: 'Try Again' })).toBeEnabled();
  });
});
