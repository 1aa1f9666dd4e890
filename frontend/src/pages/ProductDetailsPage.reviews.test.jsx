// The product page with its reviews, wishlist heart and back-in-stock form: the rating
// under the name, the heart (a signed-in shopper's list read once), and "Notify me when
// back in stock" for a sold-out product or variant (the account's email filled in; a
// guest's asked for).
import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { WishlistProvider } from '../features/wishlist/WishlistProvider';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { AUTH_KEY } from '../constants/storageKeys';
import ProductDetailsPage from './ProductDetailsPage';

const mug = {
  _id: '12',
  name: 'Steel Mug',
  slug: 'steel-mug',
  description: 'Keeps tea hot.',
  price: 499,
  quantity: 0,
  category: { _id: '3', name: 'Kitchen', slug: 'kitchen' },
  rating: { average: 4.5, count: 2 },
};
const tee = {
  ...mug,
  _id: '13',
  name: 'Tee',
  slug: 'tee',
  quantity: 4,
  options: [{ name: 'Size', values: ['S', 'L'] }],
  variants: [
    { _id: '17', options: { Size: 'S' }, price: 499, quantity: 4 },
    { _id: '19', options: { Size: 'L' }, price: 499, quantity: 0 },
  ],
};
const RATING = { average: 4.5, count: 2, histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 } };

let server;
afterEach(() => {
  server?.restore();
  act(() => toast.remove());
  window.localStorage.clear();
});

function renderPage(product, { path = `/product/${product.slug}`, user, answers = {} } = {}) {
  if (user) {
    window.localStorage.setItem(AUTH_KEY, JSON.stringify({ token: 'tok', user }));
  }
  server = fakeServer({
    [`GET /api/v1/product/get-product/${product.slug}`]: { data: { success: true, product } },
    [`GET /api/v1/product/related-product/${product._id}/3`]: {
      data: { success: true, products: [] },
    },
    [`GET /api/v1/product/${product.slug}/reviews`]: {
      data: { success: true, reviews: [], rating: RATING, total: 2 },
    },
    [`POST /api/v1/product/${product.slug}/notify`]: {
      data: { success: true, message: 'We will email you when it is back.' },
    },
    ...answers,
  });
  return render(
    <AuthProvider>
      <CartProvider>
        <WishlistProvider session={user ? 'tok' : ''}>
          <Toaster />
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/product/:slug" element={<ProductDetailsPage />} />
            </Routes>
          </MemoryRouter>
        </WishlistProvider>
      </CartProvider>
    </AuthProvider>,
  );
}

describe('ProductDetailsPage reviews, wishlist and back in stock', () => {
  it('shows the rating under the name and the reviews section', async () => {
    renderPage(mug);
    expect(
      await screen.findByRole('img', { name: 'Rated 4.5 out of 5 by 2 shoppers' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Customer reviews' })).toBeInTheDocument();
    expect(await screen.findByText('4.5 out of 5')).toBeInTheDocument();
  });

  it('links no empty rating before the first review', async () => {
    renderPage(
      { ...mug, rating: { average: null, count: 0 } },
      {
        answers: {
          'GET /api/v1/product/steel-mug/reviews': {
            data: {
              success: true,
              reviews: [],
              rating: { average: null, count: 0, histogram: {} },
              total: 0,
            },
          },
        },
      },
    );
    expect(await screen.findByText(/No reviews yet/)).toBeInTheDocument();
    expect(document.querySelector('a[href="#reviews"]')).toBeNull();
  });

  it('asks a guest for an email before asking to be told when it is back', async () => {
    const user = userEvent.setup();
    renderPage(mug);
    const form = await screen.findByRole('form', { name: 'Notify me when back in stock' });
    const email = within(form).getByLabelText('Email');
    expect(email).toHaveValue('');
    expect(email).toBeRequired();
    await user.click(within(form).getByRole('button', { name: 'Notify me' }));
    expect(within(form).getByRole('status')).toHaveTextContent('Enter your email address.');
    await user.type(email, 'guest@example.in');
    await user.click(within(form).getByRole('button', { name: 'Notify me' }));
    expect(await within(form).findByText('We will email you when it is back.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.key.endsWith('/notify')).body).toEqual({
      email: 'guest@example.in',
    });
  });

  it('fills in a signed-in shopper’s email, sends the sold-out variant, and says a refusal', async () => {
    const user = userEvent.setup();
    renderPage(tee, {
      path: '/product/tee?variant=19',
      user: { name: 'Asha', email: 'asha@example.in' },
      answers: {
        'GET /api/v1/auth/wishlist': { data: [] },
        'POST /api/v1/product/tee/notify': {
          status: 400,
          data: { success: false, message: 'This item is in stock.' },
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Notify me when back in stock' });
    expect(within(form).getByLabelText('Email')).toHaveValue('asha@example.in');
    await user.click(within(form).getByRole('button', { name: 'Notify me' }));
    expect(await within(form).findByText('This item is in stock.')).toBeInTheDocument();
    expect(server.calls.find((c) => c.key.endsWith('/notify')).body).toEqual({
      email: 'asha@example.in',
      variant: '19',
    });
  });

  it('offers no notify form while the choice is in stock', async () => {
    renderPage(tee, { path: '/product/tee?variant=17' });
    await screen.findByRole('heading', { name: 'Tee' });
    expect(screen.queryByRole('form', { name: 'Notify me when back in stock' })).toBeNull();
  });

  it('has a heart that saves the product for a signed-in shopper', async () => {
    const user = userEvent.setup();
    renderPage(mug, {
      user: { name: 'Asha', email: 'asha@example.in' },
      answers: {
        'GET /api/v1/auth/wishlist': { data: [] },
        'POST /api/v1/auth/wishlist': { status: 201, data: { success: true } },
      },
    });
    const heart = await screen.findByRole('button', { name: 'Save to wishlist' });
    await screen.findByText('4.5 out of 5');
    expect(heart).toBeEnabled();
    await user.click(heart);
    // The hearts' actions arrive with the first one (a chunk of their own).
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(heart).toHaveAccessibleName('Remove from wishlist');
    expect(server.calls.filter((c) => c.key === 'GET /api/v1/auth/wishlist')).toHaveLength(1);
  });
});
