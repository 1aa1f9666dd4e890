import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
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

// A shopper whose profile address is free text without a PIN code: the server refuses
// the checkout with the contract's sentence, and the cart page must show it.
const shirt = {
  _id: '2',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'Breathable linen.',
  price: 799,
  quantity: 40,
};
const NO_PIN = { token: 't', user: { name: 'Asha', address: '12 MG Road, Pune', role: 0 } };
const SENTENCE = 'Please add the PIN code of the delivery address';

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
  resetShopInfo();
});

describe('CartPage with a profile address that has no PIN code', () => {
  it('shows the server’s sentence and keeps the cart', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      'GET /api/v1/shop-info': {
        data: shopInfoAnswer({ delivery: { charge: 0, freeFrom: null } }),
      },
      'GET /api/v1/auth/addresses': { data: [] },
      [`GET /api/v1/product/get-product/${shirt.slug}`]: { data: { product: shirt } },
      'POST /api/v1/orders/checkout': {
        status: 400,
        data: { success: false, message: SENTENCE, errors: { address: [SENTENCE] } },
      },
    });
    window.localStorage.setItem(CART_KEY, JSON.stringify([shirt]));
    window.localStorage.setItem(AUTH_KEY, JSON.stringify(NO_PIN));
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
    const summary = screen.getByRole('region', { name: 'Cart Summary' });
    await user.click(
      within(summary).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );

    expect(await screen.findByText(SENTENCE)).toBeInTheDocument();
    const sent = server.calls.find((call) => call.key === 'POST /api/v1/orders/checkout');
    expect(sent.body.addressId).toBeUndefined(); // the profile's free text, as the spec's client
    expect(JSON.parse(window.localStorage.getItem(CART_KEY))).toHaveLength(1);
    // Update Address is right there to add the PIN.
    expect(within(summary).getByRole('button', { name: 'Update Address' })).toBeInTheDocument();
  });
});
