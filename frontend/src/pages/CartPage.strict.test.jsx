// The cart under React's StrictMode (as `npm start` runs the app): its effects run twice on
// mount, and a product that has gone is still said to have gone once, in one notice.
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { CART_KEY } from '../constants/storageKeys';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import CartPage from './CartPage';

const lamp = { _id: '3', name: 'Brass Lamp', slug: 'brass-lamp', price: 900, quantity: 2 };
const shirt = { _id: '2', name: 'Linen Shirt', slug: 'linen-shirt', price: 1500, quantity: 40 };

let server;
afterEach(() => {
  server?.restore();
  toast.remove();
  resetShopInfo();
  window.localStorage.clear();
});

describe('the cart in StrictMode', () => {
  it('says once that a product has gone', async () => {
    window.localStorage.setItem(CART_KEY, JSON.stringify([lamp, shirt]));
    server = fakeServer({
      'GET /api/v1/shop-info': {
        data: shopInfoAnswer({ delivery: { charge: 0, freeFrom: null } }),
      },
      'GET /api/v1/product/get-product/brass-lamp': {
        status: 404,
        data: { success: false, message: 'Product not found' },
      },
      'GET /api/v1/product/get-product/linen-shirt': { data: { product: shirt } },
    });
    render(
      <StrictMode>
        <AuthProvider>
          <CartProvider>
            <Toaster />
            <MemoryRouter initialEntries={['/cart']}>
              <CartPage />
            </MemoryRouter>
          </CartProvider>
        </AuthProvider>
      </StrictMode>,
    );

    const notice = await screen.findByText(/No longer available, removed from your cart/);
    expect(notice).toHaveTextContent('No longer available, removed from your cart: Brass Lamp');
    expect(notice.textContent).toBe('No longer available, removed from your cart: Brass Lamp');
  });
});
