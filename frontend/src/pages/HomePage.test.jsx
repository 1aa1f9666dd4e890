// Home: the heading says what is filtered, and a list being refreshed by a filter shows a
// loading state (the old cards dimmed and marked busy) until the new results arrive.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import HomePage from './HomePage';

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
afterEach(() => server?.restore());

describe('Home', () => {
  it('shows a loading state while a filter refreshes the list, then names the filter', async () => {
    let release;
    const filtered = new Promise((resolve) => {
      release = () =>
        resolve({ data: { success: true, products: [item(2, CATEGORIES[1])], total: 1 } });
    });
    server = fakeServer({
      'GET /api/v1/category/get-category': { data: { success: true, category: CATEGORIES } },
      'GET /api/v1/product/product-list/1': {
        data: { success: true, products: [item(1, CATEGORIES[0]), item(2, CATEGORIES[1])] },
      },
      'GET /api/v1/product/product-count': { data: { success: true, total: 2 } },
      'POST /api/v1/product/product-filters': () => filtered,
    });
    const user = userEvent.setup();
    render(
      <AuthProvider>
        <CartProvider>
          <MemoryRouter initialEntries={['/']}>
            <Routes>
              <Route path="/" element={<HomePage />} />
            </Routes>
          </MemoryRouter>
        </CartProvider>
      </AuthProvider>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Cameras'));

    expect(screen.getByRole('heading', { level: 1, name: 'Cameras' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products ...');
    const oldCard = screen.getByRole('article', { name: 'Thing 1' });
    expect(oldCard.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');

    release();
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Thing 1' })).toBeNull();
    expect(screen.queryByText('Loading products ...')).toBeNull();
  });

  it('on phones, Filters opens a drawer whose Apply says how many products match', async () => {
    server = fakeServer({
      'GET /api/v1/category/get-category': { data: { success: true, category: CATEGORIES } },
      'GET /api/v1/product/product-list/1': {
        data: { success: true, products: [item(1, CATEGORIES[0]), item(2, CATEGORIES[1])] },
      },
      'GET /api/v1/product/product-count': { data: { success: true, total: 2 } },
      'POST /api/v1/product/product-filters': (body) => ({
        data: {
          success: true,
          products: body.checked.includes('2') ? [item(2, CATEGORIES[1])] : [],
          total: body.checked.includes('2') ? 1 : 0,
        },
      }),
    });
    const user = userEvent.setup();
    render(
      <AuthProvider>
        <CartProvider>
          <MemoryRouter initialEntries={['/']}>
            <Routes>
              <Route path="/" element={<HomePage />} />
            </Routes>
          </MemoryRouter>
        </CartProvider>
      </AuthProvider>,
    );
    await screen.findByText('Showing 2 of 2 products');
    await user.click(screen.getByRole('button', { name: 'Filters' }));

    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    const apply = within(drawer).getByRole('button', { name: /^Show|Counting/ });
    expect(await within(drawer).findByRole('button', { name: 'Show 2 products' })).toBe(apply);
    await user.click(within(drawer).getByLabelText('Cameras'));
    expect(await within(drawer).findByRole('button', { name: 'Show 1 product' })).toBeVisible();
    // Nothing changes behind the drawer until Apply.
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Show 1 product' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cameras' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toHaveFocus();
  });

  it('sorts by price through product-filters, without filters too, and says so in the URL', async () => {
    server = fakeServer({
      'GET /api/v1/category/get-category': { data: { success: true, category: CATEGORIES } },
      'GET /api/v1/product/product-list/1': {
        data: { success: true, products: [item(2, CATEGORIES[1]), item(1, CATEGORIES[0])] },
      },
      'GET /api/v1/product/product-count': { data: { success: true, total: 2 } },
      'POST /api/v1/product/product-filters': (body) => ({
        data: {
          success: true,
          products: body.sort === 'price-asc' ? [item(1), item(2)] : [item(2), item(1)],
          total: 2,
        },
      }),
    });
    const user = userEvent.setup();
    render(
      <AuthProvider>
        <CartProvider>
          <MemoryRouter initialEntries={['/']}>
            <Routes>
              <Route path="/" element={<HomePage />} />
            </Routes>
          </MemoryRouter>
        </CartProvider>
      </AuthProvider>,
    );
    expect(await screen.findByText('Showing 2 of 2 products')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'price-asc');
    await screen.findByText('Showing 2 of 2 products');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Thing 1', 'Thing 2']);
    const sent = server.calls.filter((call) => call.key.startsWith('POST'));
    expect(sent.at(-1).body).toEqual({ checked: [], radio: [], page: 1, sort: 'price-asc' });
  });
});
