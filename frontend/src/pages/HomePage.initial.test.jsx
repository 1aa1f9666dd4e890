// The first visit to `/`: home, the category list, the option facets and the shop's
// details take the answers the server's page carries (#initial-data) on their first
// render and ask nothing; a filter, or any address after the first, asks as usual.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { categoriesChanged, useCategories } from '../features/catalog/useCategories';
import { useOptionFacets } from '../features/catalog/useOptionFacets';
import { resetShopInfo, useShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import { captureInitialData, noteAddress } from '../lib/initialData';
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
const FACETS = [{ name: 'Size', values: [{ value: 'M', count: 2 }] }];

function homePage(overrides = {}) {
  const data = {
    route: 'home',
    productList: { success: true, products: [item(1, CATEGORIES[0]), item(2, CATEGORIES[1])] },
    productCount: { success: true, total: 3 },
    categories: { success: true, message: 'All categories list', category: CATEGORIES },
    optionFacets: { success: true, facets: FACETS },
    shopInfo: shopInfoAnswer(),
    ...overrides,
  };
  const script = document.createElement('script');
  script.id = 'initial-data';
  script.type = 'application/json';
  script.textContent = JSON.stringify(data);
  document.head.appendChild(script);
  captureInitialData();
}

let server;
beforeEach(() => {
  window.history.replaceState(null, '', '/');
  resetShopInfo();
});
afterEach(() => {
  server?.restore();
  document.getElementById('initial-data')?.remove();
  captureInitialData();
  window.history.replaceState(null, '', '/');
});

const calls = () => server.calls.map((call) => call.key);

function renderHome() {
  return render(
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
}

describe('home on the first visit', () => {
  it('renders the carried list, count and filters at once, then fetches when filtered', async () => {
    homePage();
    server = fakeServer({
      'POST /api/v1/product/product-filters': {
        data: { success: true, products: [item(2, CATEGORIES[1])], total: 1 },
      },
      'POST /api/v1/product/option-facets': { data: { success: true, facets: [] } },
      'GET /api/v1/product/product-list/1': {
        data: { success: true, products: [item(4, CATEGORIES[0])] },
      },
      'GET /api/v1/product/product-count': { data: { success: true, total: 1 } },
    });
    const user = userEvent.setup();
    renderHome();
    // The first render, before any effect could have fetched.
    expect(screen.getByText('Showing 2 of 3 products')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Thing 2' })).toBeInTheDocument();
    expect(screen.getAllByLabelText('Cameras')[0]).not.toBeChecked();
    expect(screen.getAllByLabelText('M (2)')[0]).toBeInTheDocument();
    await act(async () => {}); // effects and microtasks run
    expect(calls()).toEqual([]);

    await user.click(screen.getAllByLabelText('Cameras')[0]);
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(calls()).toEqual(
      expect.arrayContaining([
        'POST /api/v1/product/product-filters',
        'POST /api/v1/product/option-facets',
      ]),
    );

    // Back to no filter: asked again, not the carried answer.
    await user.click(screen.getAllByRole('button', { name: 'RESET FILTERS' })[0]);
    expect(await screen.findByRole('article', { name: 'Thing 4' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(calls()).toContain('GET /api/v1/product/product-list/1');
  });

  it('fetches the list when the first address is a filtered one', async () => {
    window.history.replaceState(null, '', '/?category=2');
    homePage();
    server = fakeServer({
      'POST /api/v1/product/product-filters': {
        data: { success: true, products: [item(2, CATEGORIES[1])], total: 1 },
      },
      'POST /api/v1/product/option-facets': { data: { success: true, facets: [] } },
    });
    render(
      <AuthProvider>
        <CartProvider>
          <MemoryRouter initialEntries={['/?category=2']}>
            <Routes>
              <Route path="/" element={<HomePage />} />
            </Routes>
          </MemoryRouter>
        </CartProvider>
      </AuthProvider>,
    );
    // The categories are the carried ones (no get-category); the list is the filter's.
    expect(screen.getAllByLabelText('Cameras')[0]).toBeChecked();
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(calls()).not.toContain('GET /api/v1/category/get-category');
    expect(calls()).not.toContain('GET /api/v1/product/product-list/1');
    expect(calls()).toContain('POST /api/v1/product/product-filters');
  });
});

describe('the hooks with the carried answers', () => {
  it('useCategories takes them, and asks again when a category changes', async () => {
    homePage();
    server = fakeServer({
      'GET /api/v1/category/get-category': {
        data: { success: true, category: [...CATEGORIES, { _id: '3', name: 'Phones' }] },
      },
    });
    const { result } = renderHook(() => useCategories());
    expect(result.current).toEqual({ categories: CATEGORIES, loaded: true, failed: false });
    await act(async () => {});
    expect(calls()).toEqual([]);
    act(() => categoriesChanged());
    await waitFor(() => expect(result.current.categories).toHaveLength(3));
    expect(calls()).toEqual(['GET /api/v1/category/get-category']);
  });

  it('useCategories asks once the browser has left the first address', async () => {
    homePage();
    window.history.pushState(null, '', '/cart');
    noteAddress(); // the layout's, after the move (app/layout/Layout.jsx)
    window.history.pushState(null, '', '/');
    server = fakeServer({
      'GET /api/v1/category/get-category': { data: { success: true, category: CATEGORIES } },
    });
    const { result } = renderHook(() => useCategories());
    expect(result.current.loaded).toBe(false);
    await waitFor(() => expect(result.current.categories).toEqual(CATEGORIES));
    expect(calls()).toEqual(['GET /api/v1/category/get-category']);
  });

  it('useOptionFacets takes them for no filter only', async () => {
    homePage();
    server = fakeServer({
      'POST /api/v1/product/option-facets': (body) => ({
        data: {
          success: true,
          facets: [{ name: 'Colour', values: [{ value: body.checked.join(), count: 1 }] }],
        },
      }),
    });
    const none = { checked: [], priceId: null, min: null, max: null, options: {} };
    const { result, rerender } = renderHook(({ filters }) => useOptionFacets(filters), {
      initialProps: { filters: none },
    });
    expect(result.current).toEqual(FACETS);
    await act(async () => {});
    expect(calls()).toEqual([]);
    rerender({ filters: { ...none, checked: ['1'] } });
    await waitFor(() =>
      expect(result.current).toEqual([{ name: 'Colour', values: [{ value: '1', count: 1 }] }]),
    );
    rerender({ filters: none });
    await waitFor(() =>
      expect(result.current).toEqual([{ name: 'Colour', values: [{ value: '', count: 1 }] }]),
    );
    expect(calls()).toEqual([
      'POST /api/v1/product/option-facets',
      'POST /api/v1/product/option-facets',
    ]);
  });

  it('useShopInfo takes them for the whole visit', async () => {
    homePage();
    server = fakeServer({});
    const { result } = renderHook(() => useShopInfo());
    expect(result.current.loading).toBe(false);
    expect(result.current.shop.legalName).toBe('Sphere Retail Private Limited');
    expect(result.current.codLimit).toBe(shopInfoAnswer().codLimit);
    await act(async () => {});
    expect(calls()).toEqual([]);
  });

  it('useShopInfo asks when the carried answer has no shop', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    homePage({ shopInfo: { success: true } });
    server = fakeServer({ 'GET /api/v1/shop-info': { data: shopInfoAnswer() } });
    const { result } = renderHook(() => useShopInfo());
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(calls()).toEqual(['GET /api/v1/shop-info']);
  });
});
