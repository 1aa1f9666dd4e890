// The product page against a fake server at the HTTP boundary: the product shows as soon as
// it arrives, with its name as the main heading and page title; similar products follow.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { MESSAGES } from '../constants/messages';
import ProductDetailsPage from './ProductDetailsPage';

vi.setConfig({ testTimeout: 20_000 });

const category = { _id: '7', name: 'Audio', slug: 'audio' };
const product = {
  _id: '1',
  name: 'Sony WH-1000XM5',
  slug: 'sony-wh-1000xm5',
  description: 'Noise cancelling headphones.',
  price: 15299,
  category,
};
const similar = { ...product, _id: '2', name: 'Pocket Speaker', slug: 'pocket-speaker' };

function renderPage() {
  return render(
    <AuthProvider>
      <CartProvider>
        <MemoryRouter initialEntries={[`/product/${product.slug}`]}>
          <Routes>
            <Route path="/product/:slug" element={<ProductDetailsPage />} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

let server;
afterEach(() => server?.restore());

describe('Product details', () => {
  it('shows the product before its similar products have answered, then shows them', async () => {
    let release;
    const relatedAnswer = new Promise((resolve) => {
      release = () => resolve({ data: { success: true, products: [similar] } });
    });
    server = fakeServer({
      'GET /api/v1/product/get-product/sony-wh-1000xm5': { data: { success: true, product } },
      'GET /api/v1/product/related-product/1/7': () => relatedAnswer,
    });
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sony WH-1000XM5' }),
    ).toBeInTheDocument();
    // The title is set by an effect after the render that shows the heading.
    await waitFor(() => expect(document.title).toBe('Sony WH-1000XM5 - ShopSphere'));
    expect(screen.getByText('₹15,299')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading similar products');
    expect(screen.queryByText(MESSAGES.noSimilar)).toBeNull();

    release();
    expect(await screen.findByRole('heading', { name: 'Pocket Speaker' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart', exact: true })).toBeInTheDocument();
  });

  it('says there are no similar products only once the call has answered with none', async () => {
    server = fakeServer({
      'GET /api/v1/product/get-product/sony-wh-1000xm5': { data: { success: true, product } },
      'GET /api/v1/product/related-product/1/7': { data: { success: true, products: [] } },
    });
    renderPage();

    expect(await screen.findByText(MESSAGES.noSimilar)).toBeInTheDocument();
  });
});
