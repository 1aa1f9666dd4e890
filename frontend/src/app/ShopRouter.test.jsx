// The app's router: react-router's BrowserRouter over the real history. A move renders
// as a transition, and a filter box on home still reads ticked within its click.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import HomePage from '../pages/HomePage';
import ShopRouter from './ShopRouter';

vi.setConfig({ testTimeout: 20_000 });

const CATEGORIES = [
  { _id: '1', name: 'Audio', slug: 'audio' },
  { _id: '2', name: 'Cameras', slug: 'cameras' },
];
const item = (n, category) => ({
  _id: String(n),
  name: `Thing ${n}`,
  slug: `thing-${n}`,
  description: 'Useful.',
  price: 100 * n,
  category,
});

let server;
afterEach(() => {
  server?.restore();
  window.history.replaceState(null, '', '/');
});

function renderApp(screens) {
  return render(
    <AuthProvider>
      <CartProvider>
        <ShopRouter>
          <Routes>{screens}</Routes>
        </ShopRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

describe('ShopRouter', () => {
  it('moves with the browser history, and Back comes back', async () => {
    window.history.replaceState(null, '', '/first');
    const user = userEvent.setup();
    renderApp(
      <>
        <Route path="/first" element={<Link to="/second">Next</Link>} />
        <Route path="/second" element={<h1>Second</h1>} />
      </>,
    );
    await user.click(screen.getByRole('link', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/second');
    window.history.back();
    expect(await screen.findByRole('link', { name: 'Next' })).toBeInTheDocument();
  });

  it('shows a filter box ticked within its click, before the move commits', async () => {
    server = fakeServer({
      'GET /api/v1/category/get-category': { data: { success: true, category: CATEGORIES } },
      'GET /api/v1/product/product-list/1': {
        data: { success: true, products: [item(1, CATEGORIES[0]), item(2, CATEGORIES[1])] },
      },
      'GET /api/v1/product/product-count': { data: { success: true, total: 2 } },
      'POST /api/v1/product/product-filters': {
        data: { success: true, products: [item(2, CATEGORIES[1])], total: 1 },
      },
      'POST /api/v1/product/option-facets': { data: { success: true, options: [] } },
    });
    const user = userEvent.setup();
    renderApp(<Route path="/" element={<HomePage />} />);
    const box = await screen.findByLabelText('Cameras');

    // What the box says once React has handled the click, still inside the event: a
    // controlled box whose URL moved only in a transition would read unticked here.
    const seen = [];
    const record = () => seen.push(box.checked);
    document.addEventListener('click', record);
    await user.click(box);
    document.removeEventListener('click', record);

    expect(seen).toEqual([true]);
    expect(box).toBeChecked();
    expect(window.location.search).toBe('?category=2');
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
  });
});
