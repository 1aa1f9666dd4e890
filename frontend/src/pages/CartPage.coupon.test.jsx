// The cart's coupon against a fake server at the HTTP boundary: applied for these lines and
// this payment method, refused with the server's sentence, checked again (and dropped with
// its reason) when the lines or the payment method change, kept with the cart, sent with
// the order, and only a hint to log in for a guest.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { AUTH_KEY, CART_KEY, COUPON_KEY } from '../constants/storageKeys';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import { RECHECK_DELAY_MS } from '../features/cart/useCoupon';
import CartPage from './CartPage';

const shirt = {
  _id: '2',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'Breathable linen.',
  price: 1500,
  quantity: 40,
};
const SHOPPER = { token: 't', user: { name: 'Asha', address: '12 MG Road, Pune', role: 0 } };
const COD_ONLY = { delivery: { charge: 0, freeFrom: null } };
const ONLINE = {
  paymentMethods: ['cod', 'razorpay'],
  razorpay: { keyId: 'rzp_test_key', checkoutUrl: 'https://checkout.example/v1.js' },
  delivery: { charge: 0, freeFrom: null },
};
const CHECK = 'POST /api/v1/coupons/check';
const CHECKOUT = 'POST /api/v1/orders/checkout';
const MIN_ORDER = 'This coupon needs a minimum order of Rs 2000.';
const PREPAID = 'This coupon is for online payment only.';

// The shop's coupons as the server would judge them: SAVE10 takes 10% off orders of ₹2,000
// or more; PREPAID20 takes ₹200 off online payments only.
function judge({ code, cart, payment }) {
  const value = cart.reduce((sum, line) => sum + line.quantity * shirt.price, 0);
  const refuse = (message) => ({ status: 400, data: { success: false, message } });
  const lines = (discount) => cart.map((line) => ({ _id: line._id, variant: null, discount }));
  const upper = String(code).toUpperCase();
  if (upper === 'SAVE10') {
    if (value < 2000) return refuse(MIN_ORDER);
    const discount = value / 10;
    return {
      data: {
        success: true,
        coupon: { code: 'SAVE10', kind: 'percent', value: 10, prepaidOnly: false },
        discount,
        lines: lines(discount),
      },
    };
  }
  if (upper === 'PREPAID20') {
    if (payment !== 'razorpay') return refuse(PREPAID);
    return {
      data: {
        success: true,
        coupon: { code: 'PREPAID20', kind: 'amount', value: 200, prepaidOnly: true },
        discount: 200,
        lines: lines(200),
      },
    };
  }
  return refuse('There is no coupon with this code.');
}

function serve(shop = COD_ONLY, extra = {}) {
  return fakeServer({
    'GET /api/v1/shop-info': { data: shopInfoAnswer(shop) },
    'GET /api/v1/auth/addresses': { data: [] },
    [`GET /api/v1/product/get-product/${shirt.slug}`]: { data: { product: shirt } },
    [CHECK]: judge,
    ...extra,
  });
}

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login">from={location.state?.from}</p>;
}

function PlacedProbe() {
  const { id } = useParams();
  return <p>placed page of order {id}</p>;
}

function renderCart({ cart = [shirt, shirt], auth = SHOPPER, coupon } = {}) {
  window.localStorage.setItem(CART_KEY, JSON.stringify(cart));
  if (auth) window.localStorage.setItem(AUTH_KEY, JSON.stringify(auth));
  if (coupon) window.localStorage.setItem(COUPON_KEY, JSON.stringify(coupon));
  return render(
    <AuthProvider>
      <CartProvider>
        <Toaster />
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="/login" element={<LoginProbe />} />
            <Route path="/dashboard/user/orders/:id/placed" element={<PlacedProbe />} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

const summary = () => screen.getByRole('region', { name: 'Cart Summary' });
const couponRegion = () => within(summary()).getByRole('region', { name: 'Coupon' });
const codeField = () => within(summary()).getByRole('textbox', { name: 'Coupon code' });
const checks = () => server.calls.filter((call) => call.key === CHECK);
const storedCart = () => JSON.parse(window.localStorage.getItem(CART_KEY));
const storedCoupon = () => JSON.parse(window.localStorage.getItem(COUPON_KEY));

async function applyCode(user, code) {
  await within(summary()).findByRole('radio', { name: 'Cash on delivery' });
  await user.type(codeField(), code);
  await user.click(within(summary()).getByRole('button', { name: 'Apply' }));
}

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
  resetShopInfo();
});

describe('CartPage coupon', () => {
  it('applies a code for these lines and this payment, shows the discount and the total after it', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart();
    await applyCode(user, 'save10');

    expect(await within(couponRegion()).findByText('Coupon SAVE10: −₹300')).toBeInTheDocument();
    expect(checks()[0].body).toEqual({
      code: 'save10',
      cart: [{ _id: '2', quantity: 2 }],
      payment: 'cod',
    });
    expect(checks()[0].authorization).toBe('t');
    expect(within(summary()).getByTestId('cart-discount')).toHaveTextContent('−₹300');
    expect(within(summary()).getByText('Discount (SAVE10)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹2,700');
    expect(within(summary()).getByTestId('review-discount')).toHaveTextContent('−₹300');
    expect(within(summary()).getByTestId('review-total')).toHaveTextContent('₹2,700');
    // Focus moves from the Apply that went to the Remove that came.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove coupon SAVE10' })).toHaveFocus(),
    );
    // Kept with the cart, in the server's spelling.
    expect(storedCoupon()).toBe('SAVE10');
    expect(storedCart()).toHaveLength(2);
    // Nothing changed since: no second check.
    await new Promise((resolve) => setTimeout(resolve, RECHECK_DELAY_MS + 100));
    expect(checks()).toHaveLength(1);
  });

  it('shows the server’s sentence in an alert when a code does not apply, and keeps the cart', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt] });
    await applyCode(user, 'SAVE10');

    const alert = within(couponRegion()).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(MIN_ORDER));
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    expect(codeField()).toHaveAccessibleDescription(MIN_ORDER);
    expect(codeField()).toHaveFocus();
    expect(storedCart()).toEqual([shirt]);
    expect(window.localStorage.getItem(COUPON_KEY)).toBeNull();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹1,500');
    expect(within(summary()).queryByTestId('cart-discount')).not.toBeInTheDocument();
    // Typing again clears the complaint.
    await user.type(codeField(), 'X');
    expect(alert).toBeEmptyDOMElement();
  });

  it('asks for a code before checking an empty one', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart();
    await within(summary()).findByRole('radio', { name: 'Cash on delivery' });
    await user.click(within(summary()).getByRole('button', { name: 'Apply' }));
    expect(within(couponRegion()).getByRole('alert')).toHaveTextContent(
      'Please enter a coupon code.',
    );
    expect(checks()).toHaveLength(0);
  });

  it('checks again when the lines change, and drops a code that stops applying with the reason', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt, shirt, shirt] });
    await applyCode(user, 'SAVE10');
    await within(couponRegion()).findByText('Coupon SAVE10: −₹450');

    await user.click(screen.getByRole('button', { name: 'Fewer: Linen Shirt' }));
    await within(couponRegion()).findByText('Coupon SAVE10: −₹300');
    expect(checks().at(-1).body.cart).toEqual([{ _id: '2', quantity: 2 }]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹2,700');

    await user.click(screen.getByRole('button', { name: 'Fewer: Linen Shirt' }));
    const alert = within(couponRegion()).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(`Coupon SAVE10 was removed: ${MIN_ORDER}`));
    expect(codeField()).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹1,500');
    expect(window.localStorage.getItem(COUPON_KEY)).toBeNull();
    expect(storedCart()).toEqual([shirt]);
  });

  it('checks again when the payment method changes: an online-only code leaves for cash on delivery', async () => {
    const user = userEvent.setup();
    server = serve(ONLINE);
    renderCart();
    await user.click(await within(summary()).findByRole('radio', { name: /Pay online/ }));
    await user.type(codeField(), 'PREPAID20');
    await user.click(within(summary()).getByRole('button', { name: 'Apply' }));
    await within(couponRegion()).findByText('Coupon PREPAID20: −₹200');
    expect(checks()[0].body.payment).toBe('razorpay');
    expect(
      within(summary()).getByRole('button', { name: 'Pay ₹2,800 online' }),
    ).toBeInTheDocument();

    await user.click(within(summary()).getByRole('radio', { name: 'Cash on delivery' }));
    const alert = within(couponRegion()).getByRole('alert');
    await waitFor(() =>
      expect(alert).toHaveTextContent(`Coupon PREPAID20 was removed: ${PREPAID}`),
    );
    expect(checks().at(-1).body.payment).toBe('cod');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹3,000');
  });

  it('checks a stored code when the page opens, and Remove forgets it', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ coupon: 'SAVE10' });
    await within(couponRegion()).findByText('Coupon SAVE10: −₹300');
    expect(checks()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove coupon SAVE10' }));
    expect(window.localStorage.getItem(COUPON_KEY)).toBeNull();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹3,000');
    await waitFor(() => expect(codeField()).toHaveFocus());
    expect(checks()).toHaveLength(1);
  });

  it('keeps a stored code the server could not check, and says so', async () => {
    server = serve(COD_ONLY, { [CHECK]: new Error('Network Error') });
    renderCart({ coupon: 'SAVE10' });
    const alert = within(couponRegion()).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('Coupon SAVE10 could not be checked'));
    expect(storedCoupon()).toBe('SAVE10');
    expect(screen.getByRole('button', { name: 'Remove coupon SAVE10' })).toBeInTheDocument();
  });

  it('sends the code with the order, then forgets it with the emptied cart', async () => {
    const user = userEvent.setup();
    server = serve(COD_ONLY, {
      [CHECKOUT]: { status: 201, data: { success: true, order: { _id: '77' } } },
    });
    renderCart();
    await applyCode(user, 'SAVE10');
    await within(couponRegion()).findByText('Coupon SAVE10: −₹300');
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    expect(await screen.findByText('placed page of order 77')).toBeInTheDocument();
    const placed = server.calls.find((call) => call.key === CHECKOUT);
    expect(placed.body).toEqual({
      cart: [{ _id: '2', quantity: 2 }],
      payment: 'cod',
      coupon: 'SAVE10',
    });
    expect(storedCart()).toEqual([]);
    expect(window.localStorage.getItem(COUPON_KEY)).toBeNull();
  });

  it('checks the code again after a refused order, and drops it when used up', async () => {
    const user = userEvent.setup();
    const usedUp = 'This coupon has been used up.';
    let left = 1;
    server = serve(COD_ONLY, {
      [CHECK]: (body) => {
        if (left > 0) return judge(body);
        return { status: 400, data: { success: false, message: usedUp } };
      },
      [CHECKOUT]: () => {
        left = 0;
        return { status: 400, data: { success: false, message: usedUp } };
      },
    });
    renderCart();
    await applyCode(user, 'SAVE10');
    await within(couponRegion()).findByText('Coupon SAVE10: −₹300');
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    const alert = within(couponRegion()).getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(`Coupon SAVE10 was removed: ${usedUp}`));
    expect(storedCart()).toHaveLength(2);
  });

  it('asks a guest to log in to use a code, and checks nothing', async () => {
    server = serve();
    renderCart({ auth: null, coupon: 'SAVE10' });
    const hint = within(summary()).getByTestId('coupon-login');
    expect(hint).toHaveTextContent(
      'Have a coupon code? Log in or check out as a guest to apply it.',
    );
    expect(within(summary()).queryByRole('textbox', { name: 'Coupon code' })).toBeNull();
    expect(within(hint).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await userEvent.setup().click(within(hint).getByRole('link', { name: 'Log in' }));
    expect(screen.getByTestId('login')).toHaveTextContent('from=/cart');
    expect(checks()).toHaveLength(0);
  });
});
