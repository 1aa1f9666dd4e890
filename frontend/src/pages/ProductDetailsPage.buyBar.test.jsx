// The phone's buy bar on the product page: below 768 px, while the page's own Add to Cart
// is out of view, a region pinned to the bottom shows the price, the choice and Add to
// Cart (the page's action); it steps aside while a text field has the focus, and the page
// keeps room for it (`--sticky-bar-height`). Wide screens never show it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { CART_KEY } from '../constants/storageKeys';
import ProductDetailsPage from './ProductDetailsPage';

vi.setConfig({ testTimeout: 20_000 });

const tee = {
  _id: '12',
  name: 'Cotton Tee',
  slug: 'cotton-tee',
  description: 'Soft cotton tee.',
  price: 499,
  quantity: 6,
  category: { _id: '3', name: 'Clothing', slug: 'clothing' },
  photo: '/api/v1/product/product-photo/12?v=x1',
  photoWidths: [160, 320],
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { _id: '17', options: { Size: 'S' }, price: 499, quantity: 4 },
    { _id: '18', options: { Size: 'M' }, price: 549, quantity: 2 },
  ],
};

// The observer of the page's button, and what it says the button does.
let observed;
class FakeObserver {
  constructor(callback) {
    this.callback = callback;
    observed = this;
  }

  observe(node) {
    this.node = node;
  }

  disconnect() {
    this.node = null;
  }
}
const scrolledPast = (out = true) =>
  act(() => observed.callback([{ isIntersecting: !out, target: observed.node }]));

function screenWidth(phone) {
  window.matchMedia = (query) => ({
    matches: phone && query.includes('max-width: 767.98px'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  });
}

let server;
let matchMedia;
beforeEach(() => {
  matchMedia = window.matchMedia;
  observed = null;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  window.matchMedia = matchMedia;
  vi.unstubAllGlobals();
  server?.restore();
  act(() => toast.remove());
  document.documentElement.style.removeProperty('--sticky-bar-height');
});

async function opened(path = '/product/cotton-tee') {
  server = fakeServer({
    'GET /api/v1/product/get-product/cotton-tee': { data: { success: true, product: tee } },
    'GET /api/v1/product/related-product/12/3': { data: { success: true, products: [] } },
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  render(
    <AuthProvider>
      <CartProvider>
        <Toaster />
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/product/:slug" element={<ProductDetailsPage />} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Cotton Tee' });
  await screen.findByText('No Similar Products found');
}

const bar = () => screen.queryByRole('region', { name: 'Buy Cotton Tee' });
const stored = () => JSON.parse(window.localStorage.getItem(CART_KEY) ?? '[]');

describe('the buy bar', () => {
  it('shows on a phone once Add to Cart is out of view, with the price and choice, and adds', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    await opened('/product/cotton-tee?variant=18');
    // The page's own button keeps its name: the bar's is the product's.
    const main = screen.getByRole('button', { name: 'Add to Cart' });
    expect(observed.node).toBe(main);
    expect(bar()).toBeNull();

    scrolledPast();
    const region = bar();
    expect(region).toBeVisible();
    expect(within(region).getByText('₹549')).toBeInTheDocument();
    expect(within(region).getByText('Size: M')).toBeInTheDocument();
    expect(document.documentElement.style.getPropertyValue('--sticky-bar-height')).toMatch(/px$/);

    await user.click(within(region).getByRole('button', { name: 'Add to Cart: Cotton Tee' }));
    expect(stored()).toHaveLength(1);
    expect(stored()[0]).toMatchObject({ _id: '12', variant: '18', price: 549 });

    // Back in view: the bar goes, and so does the room kept for it.
    scrolledPast(false);
    expect(bar()).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--sticky-bar-height')).toBe('');
  });

  it('with the choice incomplete, says what to choose and its button asks for it as the page’s does', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    await opened();
    scrolledPast();
    expect(within(bar()).getByText('Choose Size')).toBeInTheDocument();
    expect(within(bar()).getByText('from ₹499')).toBeInTheDocument();

    await user.click(within(bar()).getByRole('button', { name: 'Add to Cart: Cotton Tee' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose your size first.');
    expect(screen.getByRole('radio', { name: 'S' })).toHaveFocus();
    expect(stored()).toEqual([]);
  });

  it('steps aside while a text field has the focus (the keyboard is up)', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    await opened('/product/cotton-tee?variant=17');
    scrolledPast();
    expect(bar()).not.toBeNull();

    await user.click(screen.getByRole('textbox', { name: /PIN code/i }));
    expect(bar()).toBeNull();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(await screen.findByRole('region', { name: 'Buy Cotton Tee' })).toBeVisible();
  });

  it('never shows on a wide screen', async () => {
    screenWidth(false);
    await opened('/product/cotton-tee?variant=17');
    expect(observed).toBeNull(); // nothing watched
    expect(bar()).toBeNull();
  });
});
