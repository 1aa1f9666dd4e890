// The cart and the delivery call: an address the shop does not serve cannot be chosen
// (disabled with its reason, never the one an order goes to), cash on delivery is
// disabled where the courier collects no cash, and with no address it serves there is
// nothing to order to. The review shows the GST the total includes for the chosen address.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { AUTH_KEY, CART_KEY } from '../constants/storageKeys';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import CartPage from './CartPage';

const shirt = {
  _id: '2',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'Breathable linen.',
  price: 799,
  quantity: 40,
  gstRate: 5,
};
const SIGNED_IN = { token: 't', user: { name: 'Asha', address: 'x', role: 0 } };
const address = (id, pincode, state, isDefault = false) => ({
  _id: id,
  name: 'Asha Rao',
  phone: '9876543210',
  line1: `${id} Main Road`,
  line2: '',
  city: 'Somewhere',
  state,
  pincode,
  isDefault,
});
const FAR = address(1, '781001', 'Assam', true); // the default, not served
const NO_CASH = address(2, '600001', 'Tamil Nadu');
const answer = (pincode, serviceable, cod) => ({
  data: { success: true, pincode, serviceable, cod, state: '', city: '' },
});

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
  resetShopInfo();
});

function renderCart(addresses, routes = {}) {
  server = fakeServer({
    'GET /api/v1/shop-info': {
      data: shopInfoAnswer({
        delivery: { charge: 0, freeFrom: null },
        paymentMethods: ['cod', 'razorpay'],
        razorpay: { keyId: 'rzp_test', checkoutUrl: 'https://checkout.example/v1.js' },
      }),
    },
    'GET /api/v1/auth/addresses': { data: addresses },
    [`GET /api/v1/product/get-product/${shirt.slug}`]: { data: { product: shirt } },
    'GET /api/v1/delivery/781001': answer('781001', false, false),
    'GET /api/v1/delivery/600001': answer('600001', true, false),
    ...routes,
  });
  window.localStorage.setItem(CART_KEY, JSON.stringify([shirt]));
  window.localStorage.setItem(AUTH_KEY, JSON.stringify(SIGNED_IN));
  render(
    <AuthProvider>
      <CartProvider>
        <Toaster />
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
  return screen.getByRole('region', { name: 'Cart Summary' });
}

describe('CartPage and where the shop delivers', () => {
  it('without a default, preselects an address only once the shop is known to deliver there', async () => {
    // The server makes no unserved address the default: a first one it does not serve
    // left the shopper without one. Its delivery answer comes late.
    let answerFar;
    const far = { ...FAR, isDefault: false };
    const summary = renderCart([far, NO_CASH], {
      'GET /api/v1/delivery/781001': () =>
        new Promise((resolve) => {
          answerFar = () => resolve(answer('781001', false, false));
        }),
    });
    const first = await within(summary).findByRole('radio', { name: /1 Main Road/ });
    const second = within(summary).getByRole('radio', { name: /2 Main Road/ });
    // The served one is chosen as soon as its answer is in; the first is never checked.
    await waitFor(() => expect(second).toBeChecked());
    expect(first).not.toBeChecked();
    answerFar();
    await waitFor(() => expect(first).toBeDisabled());
    expect(second).toBeChecked();
  });

  it('sends no order to the profile’s text while no saved address is known to be served', async () => {
    let answerFar;
    const summary = renderCart([{ ...FAR, isDefault: false }], {
      'GET /api/v1/delivery/781001': () =>
        new Promise((resolve) => {
          answerFar = () => resolve(answer('781001', false, false));
        }),
    });
    const first = await within(summary).findByRole('radio', { name: /1 Main Road/ });
    expect(first).not.toBeChecked();
    expect(within(summary).queryByTestId('review-address')).toBeNull();
    answerFar();
    expect(await within(summary).findByTestId('no-served-address')).toBeInTheDocument();
  });

  it('passes over an unserved default, and takes no cash where none is collected', async () => {
    const summary = renderCart([FAR, NO_CASH]);
    const far = await within(summary).findByRole('radio', { name: /1 Main Road/ });
    await waitFor(() => expect(far).toBeDisabled());
    expect(far).not.toBeChecked();
    expect(far).toHaveAccessibleDescription(
      'We do not deliver to 781001 yet, so this address cannot be chosen.',
    );
    const chosen = within(summary).getByRole('radio', { name: /2 Main Road/ });
    await waitFor(() => expect(chosen).toBeChecked());
    expect(within(summary).getByTestId('review-address')).toHaveTextContent('600001');
    const cod = within(summary).getByRole('radio', { name: 'Cash on delivery' });
    await waitFor(() => expect(cod).toBeDisabled());
    expect(cod).toHaveAccessibleDescription('Not available at PIN code 600001');
    expect(within(summary).getByRole('radio', { name: /Pay online/ })).toBeChecked();
    // To Tamil Nadu from a shop in Karnataka: IGST, 799 x 5 / 105 = 38.05.
    expect(within(summary).getByTestId('review-gst')).toHaveTextContent('Includes GST of ₹38.05');
  });

  it('offers no order when the shop serves none of the saved addresses', async () => {
    const user = userEvent.setup();
    const summary = renderCart([FAR]);
    expect(await within(summary).findByTestId('no-served-address')).toHaveTextContent(
      'We do not deliver to any of your saved addresses yet. Add an address we deliver to.',
    );
    expect(within(summary).queryByRole('button', { name: /Place Order|Pay ₹/ })).toBeNull();
    expect(within(summary).queryByTestId('order-review')).toBeNull();
    await user.click(within(summary).getByRole('radio', { name: /1 Main Road/ }));
    expect(server.calls.some((call) => call.key === 'POST /api/v1/orders/checkout')).toBe(false);
  });
});
