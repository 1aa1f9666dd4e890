// /dashboard/user/wishlist: the saved products with price and stock, Add to Cart for the
// ones in stock, Remove; the Dashboard menu links to it.
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../../features/auth/AuthContext';
import { CartProvider } from '../../features/cart/CartContext';
import { WishlistProvider } from '../../features/wishlist/WishlistProvider';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { AUTH_KEY, CART_KEY } from '../../constants/storageKeys';
import { paths } from '../../config/paths';
import WishlistPage from './WishlistPage';

const mug = { _id: '5', name: 'Steel Mug', slug: 'steel-mug', price: 499, quantity: 3 };
const lamp = { _id: '6', name: 'Desk Lamp', slug: 'desk-lamp', price: 1299, quantity: 0 };

let server;
afterEach(() => {
  server?.restore();
  act(() => toast.remove());
  window.localStorage.clear();
});

function renderPage(answers) {
  window.localStorage.setItem(AUTH_KEY, JSON.stringify({ token: 'tok', user: { name: 'Asha' } }));
  window.localStorage.setItem(CART_KEY, '[]');
  server = fakeServer(answers);
  return render(
    <AuthProvider>
      <CartProvider>
        <WishlistProvider session="tok">
          <Toaster />
          <MemoryRouter initialEntries={[paths.userWishlist]}>
            <Routes>
              <Route path={paths.userWishlist} element={<WishlistPage />} />
            </Routes>
          </MemoryRouter>
        </WishlistProvider>
      </CartProvider>
    </AuthProvider>,
  );
}

describe('WishlistPage', () => {
  it('lists the saved products with price and stock, Add to Cart only for those in stock', async () => {
    renderPage({ 'GET /api/v1/auth/wishlist': { data: [mug, lamp] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wishlist' })).toBeInTheDocument();
    const first = await screen.findByTestId('wish-5');
    expect(within(first).getByRole('link', { name: 'Steel Mug' })).toHaveAttribute(
      'href',
      '/product/steel-mug',
    );
    expect(within(first).getByText('₹499')).toBeInTheDocument();
    expect(within(first).getByTestId('stock')).toHaveTextContent('Only 3 left');
    expect(within(first).getByRole('button', { name: 'Add to Cart: Steel Mug' })).toBeEnabled();
    const second = screen.getByTestId('wish-6');
    expect(within(second).getByTestId('stock')).toHaveTextContent('Out of stock');
    expect(within(second).queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Wishlist' })).toHaveAttribute(
      'href',
      '/dashboard/user/wishlist',
    );
  });

  it('adds one to the cart and removes another from the wishlist', async () => {
    renderPage({
      'GET /api/v1/auth/wishlist': { data: [mug, lamp] },
      'DELETE /api/v1/auth/wishlist/6': { data: { success: true } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart: Steel Mug' }));
    expect(JSON.parse(window.localStorage.getItem(CART_KEY)).map((p) => p._id)).toEqual(['5']);
    await user.click(screen.getByRole('button', { name: 'Remove from wishlist: Desk Lamp' }));
    expect(screen.queryByTestId('wish-6')).toBeNull();
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(server.calls.map((c) => c.key)).toContain('DELETE /api/v1/auth/wishlist/6');
  });

  it('says when the wishlist is empty', async () => {
    renderPage({ 'GET /api/v1/auth/wishlist': { data: [] } });
    expect(await screen.findByText(/Your wishlist is empty/)).toBeInTheDocument();
  });
});
