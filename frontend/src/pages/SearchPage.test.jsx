// The search results screen against a fake server at the HTTP boundary (axios adapter):
// the correction header becomes "Showing results for ...", and an empty answer offers the
// categories.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { apiClient } from '../lib/apiClient';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { SearchProvider } from '../features/search/SearchContext';
import { MESSAGES } from '../constants/messages';
import SearchPage from './SearchPage';

const galaxy = {
  _id: '1',
  name: 'Samsung Galaxy M34 5G',
  slug: 'samsung-galaxy-m34-5g',
  description: 'A phone.',
  price: 15999,
  photo: '/api/v1/product/product-photo/1',
  photoWidths: [],
  category: { _id: '3', name: 'Smartphones', slug: 'smartphones' },
};
const categories = [
  { _id: '3', name: 'Smartphones', slug: 'smartphones' },
  { _id: '4', name: 'Footwear', slug: 'footwear' },
];

let originalAdapter;
beforeEach(() => {
  originalAdapter = apiClient.defaults.adapter;
  apiClient.defaults.adapter = async (config) => {
    const ok = (data, headers = {}) => ({ status: 200, statusText: 'OK', data, headers, config });
    if (config.url === '/api/v1/category/get-category') {
      return ok({ success: true, message: 'All categories list', category: categories });
    }
    if (config.url === '/api/v1/product/search/samsng%20galaxy') {
      return ok([galaxy], { 'x-search-corrected': 'samsung%20galaxy' });
    }
    if (config.url === '/api/v1/product/search/samsung') return ok([galaxy]);
    return ok([]);
  };
});
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
});

function renderAt(url) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        <CartProvider>
          <SearchProvider>
            <Routes>
              <Route path="/search" element={<SearchPage />} />
            </Routes>
          </SearchProvider>
        </CartProvider>
      </AuthProvider>
    </MemoryRouter>,
  );
}

describe('SearchPage', () => {
  it('says which spelling it showed results for', async () => {
    renderAt('/search?q=samsng%20galaxy');
    expect(await screen.findByText('Found 1')).toBeInTheDocument();
    expect(screen.getByText(/Showing results for/)).toHaveTextContent(
      'Showing results for samsung galaxy',
    );
  });

  it('says nothing about spelling when the words were found as typed', async () => {
    renderAt('/search?q=samsung');
    expect(await screen.findByText('Found 1')).toBeInTheDocument();
    expect(screen.queryByText(/Showing results for/)).not.toBeInTheDocument();
    expect(screen.queryByText('Browse our categories')).not.toBeInTheDocument();
  });

  it('offers the categories when nothing matched', async () => {
    renderAt('/search?q=qwxz');
    expect(await screen.findByText(MESSAGES.noProducts)).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Browse categories' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Footwear' })).toHaveAttribute(
      'href',
      '/category/footwear',
    );
  });
});
