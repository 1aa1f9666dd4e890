// The product screen against a fake server at the HTTP boundary (axios adapter): the data
// the server embedded in the page is used for the first render, and a renamed
// product's old address is replaced by its current one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { apiClient } from '../lib/apiClient';
import { captureInitialData } from '../lib/initialData';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import ProductDetailsPage from './ProductDetailsPage';

const product = {
  _id: '5',
  name: 'Sony WH-1000XM5',
  slug: 'sony-wh-1000xm5',
  description: 'Wireless noise cancelling headphones.',
  price: 15299,
  quantity: 3,
  category: { _id: '2', name: 'Audio', slug: 'audio' },
  photo: '/api/v1/product/product-photo/5?v=abc',
  photoWidths: [],
};
const similar = { ...product, _id: '6', name: 'Bose QC Ultra', slug: 'bose-qc-ultra' };

let calls;
let originalAdapter;

// The shop's details (the seller's name) are the layout's, asked once per visit.
function adapter(config) {
  if (config.url !== '/api/v1/shop-info') calls.push(config.url);
  const ok = (data) => Promise.resolve({ status: 200, data, config, headers: {} });
  if (config.url === '/api/v1/product/get-product/sony-wh-1000xm4') {
    return ok({ success: true, product }); // the old slug answers the renamed product
  }
  if (config.url.startsWith('/api/v1/product/related-product/5/2')) {
    return ok({ success: true, products: [similar] });
  }
  const error = new Error('Request failed with status code 404');
  error.response = { status: 404, data: { success: false, message: 'Not found' }, config };
  return Promise.reject(error);
}

function Where() {
  return <output aria-label="address">{useLocation().pathname}</output>;
}

function renderAt(path) {
  return render(
    <AuthProvider>
      <CartProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/product/:slug" element={<ProductDetailsPage />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

beforeEach(() => {
  calls = [];
  originalAdapter = apiClient.defaults.adapter;
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
  document.getElementById('initial-data')?.remove();
  captureInitialData();
});

describe('ProductDetailsPage', () => {
  it('shows the product the server embedded at once and only fetches similar products', async () => {
    const script = document.createElement('script');
    script.id = 'initial-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ route: 'product', slug: product.slug, product });
    document.head.appendChild(script);
    captureInitialData();
    renderAt(`/product/${product.slug}`);
    // The first render: no loading state.
    expect(screen.getByText('Sony WH-1000XM5')).toBeInTheDocument();
    expect(screen.getByText('₹15,299')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Bose QC Ultra' })).toBeInTheDocument();
    // The product is not fetched again; the similar products and the reviews load after it.
    expect(calls).toEqual([
      '/api/v1/product/related-product/5/2',
      '/api/v1/product/sony-wh-1000xm5/reviews',
    ]);
  });

  it('replaces a renamed product’s old address with its current one', async () => {
    renderAt('/product/sony-wh-1000xm4');
    expect(await screen.findByRole('article', { name: 'Bose QC Ultra' })).toBeInTheDocument();
    expect(screen.getByLabelText('address')).toHaveTextContent('/product/sony-wh-1000xm5');
    expect(screen.getByText('Sony WH-1000XM5')).toBeInTheDocument();
    expect(calls).toEqual([
      '/api/v1/product/get-product/sony-wh-1000xm4',
      '/api/v1/product/related-product/5/2',
      '/api/v1/product/sony-wh-1000xm5/reviews',
    ]);
  });

  it('shows the not-found state the server embedded without asking the API', () => {
    const script = document.createElement('script');
    script.id = 'initial-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify({ route: 'product', slug: 'gone', product: null });
    document.head.appendChild(script);
    captureInitialData();
    renderAt('/product/gone');
    expect(screen.getByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
