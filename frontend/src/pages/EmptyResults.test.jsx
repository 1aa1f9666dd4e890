// Empty results are not a dead end: an empty category and a search that found nothing offer
// the shop's categories; counts read "1 result found" / "N results found".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { SearchProvider } from '../features/search/SearchContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { MESSAGES } from '../constants/messages';
import CategoryProductsPage from './CategoryProductsPage';
import SearchPage from './SearchPage';

vi.setConfig({ testTimeout: 20_000 });

const CATEGORIES = [
  { _id: '1', name: 'Audio', slug: 'audio' },
  { _id: '2', name: 'Cameras', slug: 'cameras' },
];
const categoriesAnswer = { data: { success: true, category: CATEGORIES } };

function renderAt(path) {
  return render(
    <AuthProvider>
      <CartProvider>
        <SearchProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/category/:slug" element={<CategoryProductsPage />} />
              <Route path="/search" element={<SearchPage />} />
            </Routes>
          </MemoryRouter>
        </SearchProvider>
      </CartProvider>
    </AuthProvider>,
  );
}

let server;
afterEach(() => server?.restore());

describe('empty results', () => {
  it('an empty category says 0 results found and offers the other categories', async () => {
    server = fakeServer({
      'GET /api/v1/product/product-category/cameras': {
        data: { success: true, category: CATEGORIES[1], products: [], total: 0 },
      },
      'GET /api/v1/category/get-category': categoriesAnswer,
    });
    renderAt('/category/cameras');

    expect(await screen.findByText(MESSAGES.resultsFound(0))).toHaveTextContent('0 results found');
    const browse = await screen.findByRole('navigation', { name: 'Browse categories' });
    expect(within(browse).getByRole('link', { name: 'Audio' })).toHaveAttribute(
      'href',
      '/category/audio',
    );
    expect(within(browse).queryByRole('link', { name: 'Cameras' })).toBeNull();
  });

  it('one product reads "1 result found"', async () => {
    const one = { _id: '9', name: 'Lens', slug: 'lens', description: 'A lens.', price: 10 };
    server = fakeServer({
      'GET /api/v1/product/product-category/cameras': {
        data: { success: true, category: CATEGORIES[1], products: [one], total: 1 },
      },
      'GET /api/v1/category/get-category': categoriesAnswer,
    });
    renderAt('/category/cameras');

    expect(await screen.findByText('1 result found')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Browse categories' })).toBeNull();
  });

  it('a search that found nothing offers the categories', async () => {
    server = fakeServer({
      'GET /api/v1/product/search/zzz': { data: [] },
      'GET /api/v1/category/get-category': categoriesAnswer,
    });
    renderAt('/search?q=zzz');

    expect(await screen.findByText(MESSAGES.noProducts)).toBeInTheDocument();
    const browse = await screen.findByRole('navigation', { name: 'Browse categories' });
    expect(within(browse).getAllByRole('link')).toHaveLength(2);
  });
});
