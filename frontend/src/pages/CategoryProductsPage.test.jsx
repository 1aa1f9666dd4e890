// The category screen against a fake server at the HTTP boundary (axios adapter): the real
// api.js, apiClient and page logic run; only the network is replaced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiClient } from '../lib/apiClient';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { captureInitialData } from '../lib/initialData';
import CategoryProductsPage from './CategoryProductsPage';

const PER_PAGE = 6;
const category = { _id: '7', name: 'Gadgets', slug: 'gadgets' };
const products = Array.from({ length: 14 }, (_, i) => ({
  _id: String(i + 1),
  name: `Gadget ${i + 1}`,
  slug: `gadget-${i + 1}`,
  description: 'A handy gadget for every day.',
  price: 100 + i,
  photo: `/api/v1/product/product-photo/${i + 1}`,
  photoWidths: [],
}));

let calls;
let held;
let originalAdapter;

function reply(config, status, data) {
  if (status >= 400) {
    const error = new Error(`Request failed with status code ${status}`);
    error.config = config;
    error.response = { status, data, config, headers: {} };
    return Promise.reject(error);
  }
  return Promise.resolve({ status, data, config, headers: {}, statusText: 'OK' });
}

// Answers like the server: `?page=N` gives that page and the category's total; a request
// for page `held.page` waits until the test releases it. The option filters' call answers
// no options (the filters' own tests are CategoryProductsPage.filters.test.jsx) and only
// the category's calls are recorded.
function adapter(config) {
  if (config.url.endsWith('/option-facets')) return reply(config, 200, { facets: [] });
  calls.push({ url: config.url, params: { ...config.params } });
  const match = config.url.match(/^\/api\/v1\/product\/product-category\/([^/]+)$/);
  if (!match || match[1] !== category.slug) {
    return reply(config, 404, { success: false, message: 'Category not found' });
  }
  const page = Number(config.params?.page);
  const body = {
    success: true,
    category,
    products: products.slice((page - 1) * PER_PAGE, page * PER_PAGE),
    total: products.length,
  };
  if (held && held.page === page) {
    return new Promise((resolve) => {
      held.release = () => resolve(reply(config, 200, body));
    });
  }
  return reply(config, 200, body);
}

beforeEach(() => {
  calls = [];
  held = null;
  originalAdapter = apiClient.defaults.adapter;
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
});

function renderPage(slug) {
  return render(
    <AuthProvider>
      <CartProvider>
        <MemoryRouter initialEntries={[`/category/${slug}`]}>
          <Routes>
            <Route path="/category/:slug" element={<CategoryProductsPage />} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

const cardNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('CategoryProductsPage', () => {
  it('asks for page 1 only and counts every product of the category', async () => {
    renderPage('gadgets');
    expect(await screen.findByRole('heading', { name: 'Category - Gadgets' })).toBeVisible();
    expect(screen.getByText('14 results found')).toBeInTheDocument();
    expect(cardNames()).toEqual(products.slice(0, 6).map((p) => p.name));
    expect(calls).toEqual([
      { url: '/api/v1/product/product-category/gadgets', params: { page: 1 } },
    ]);
  });

  it('Load More reads Loading ... while it fetches, appends the next page, then goes', async () => {
    const user = userEvent.setup();
    renderPage('gadgets');
    await screen.findByText('14 results found');
    held = { page: 2 };
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    const busy = screen.getByRole('button', { name: 'Loading ...' });
    expect(busy).toBeDisabled();
    held.release();
    await screen.findByRole('button', { name: 'Load More' });
    expect(cardNames()).toHaveLength(12);

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('Gadget 14');
    expect(cardNames()).toEqual(products.map((p) => p.name));
    expect(screen.queryByRole('button', { name: /Load More|Loading/ })).not.toBeInTheDocument();
    expect(screen.getByText('14 results found')).toBeInTheDocument();
    expect(calls.map((call) => call.params.page)).toEqual([1, 2, 3]);
  });

  it('says so when the category does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage('nothing-here');
    expect(await screen.findByRole('heading', { name: 'Category not found' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('shows the first page the server embedded without fetching it again', async () => {
    const user = userEvent.setup();
    const script = document.createElement('script');
    script.id = 'initial-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({
      route: 'category',
      slug: 'gadgets',
      category,
      products: products.slice(0, PER_PAGE),
      total: products.length,
    });
    document.head.appendChild(script);
    captureInitialData();
    try {
      renderPage('gadgets');
      // The first render already has it: no loading state, no request.
      expect(screen.getByRole('heading', { name: 'Category - Gadgets' })).toBeVisible();
      expect(screen.getByText('14 results found')).toBeInTheDocument();
      expect(cardNames()).toEqual(products.slice(0, 6).map((p) => p.name));
      expect(calls).toEqual([]);
      // Load More goes on from page 2.
      await user.click(screen.getByRole('button', { name: 'Load More' }));
      await screen.findByText('Gadget 12');
      expect(calls.map((call) => call.params.page)).toEqual([2]);
    } finally {
      script.remove();
      captureInitialData();
    }
  });
});
