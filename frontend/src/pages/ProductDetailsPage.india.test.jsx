// The product page for an Indian shop: prices inclusive of taxes, the country of origin,
// the seller from shop-info, and Check Delivery with its four answers, remembered.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import { DELIVERY_PIN_KEY } from '../constants/storageKeys';
import ProductDetailsPage from './ProductDetailsPage';

vi.setConfig({ testTimeout: 20_000 });

const product = {
  _id: '1',
  name: 'Sony WH-1000XM5',
  slug: 'sony-wh-1000xm5',
  description: 'Noise cancelling headphones.',
  price: 15299,
  quantity: 5,
  category: { _id: '7', name: 'Audio', slug: 'audio' },
  hsn: '8518',
  gstRate: 18,
  countryOfOrigin: 'Malaysia',
};

const PINS = {
  560001: { serviceable: true, cod: true, state: 'Karnataka', city: 'Bengaluru' },
  110001: { serviceable: true, cod: false, state: 'Delhi', city: 'New Delhi' },
  999999: { serviceable: false, cod: false, state: '', city: '' },
};

function serve() {
  const routes = {
    'GET /api/v1/product/get-product/sony-wh-1000xm5': { data: { success: true, product } },
    'GET /api/v1/product/related-product/1/7': { data: { success: true, products: [] } },
    'GET /api/v1/shop-info': { data: shopInfoAnswer() },
    'GET /api/v1/delivery/12ab': {
      status: 400,
      data: { success: false, message: 'PIN code must be six digits.' },
    },
  };
  Object.entries(PINS).forEach(([pin, answer]) => {
    routes[`GET /api/v1/delivery/${pin}`] = { data: { success: true, pincode: pin, ...answer } };
  });
  return fakeServer(routes);
}

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
beforeEach(() => resetShopInfo());
afterEach(() => server?.restore());

async function checkPin(user, pin) {
  const input = screen.getByLabelText('PIN code');
  await user.clear(input);
  await user.type(input, pin);
  await user.click(screen.getByRole('button', { name: 'Check' }));
}

describe('Product page for an Indian shop', () => {
  it('says prices include taxes, the country of origin and who sells it', async () => {
    server = serve();
    renderPage();
    expect(await screen.findByText('Inclusive of all taxes')).toBeInTheDocument();
    expect(screen.getByTestId('origin')).toHaveTextContent('Country of origin: Malaysia');
    await waitFor(() =>
      expect(screen.getByTestId('seller')).toHaveTextContent(
        'Sold by: Sphere Retail Private Limited',
      ),
    );
  });

  it('answers Check Delivery in each case and remembers the PIN code', async () => {
    const user = userEvent.setup();
    server = serve();
    renderPage();
    await screen.findByRole('heading', { name: 'Check Delivery' });
    const result = screen.getByTestId('delivery-result');
    expect(screen.getByLabelText('PIN code')).toHaveAttribute('inputmode', 'numeric');

    await checkPin(user, '560001');
    await waitFor(() =>
      expect(result).toHaveTextContent(
        'Delivers to Bengaluru, Karnataka. Cash on delivery available.',
      ),
    );
    expect(JSON.parse(window.localStorage.getItem(DELIVERY_PIN_KEY))).toBe('560001');

    await checkPin(user, '110001');
    await waitFor(() =>
      expect(result).toHaveTextContent(
        'Delivers to New Delhi, Delhi. Cash on delivery not available.',
      ),
    );

    await checkPin(user, '999999');
    await waitFor(() =>
      expect(result).toHaveTextContent('Sorry, we do not deliver to 999999 yet.'),
    );

    await checkPin(user, '12ab');
    await waitFor(() => expect(result).toHaveTextContent('PIN code must be six digits.'));
    // A refused PIN code is not remembered.
    expect(JSON.parse(window.localStorage.getItem(DELIVERY_PIN_KEY))).toBe('999999');
    expect(screen.getByLabelText('PIN code')).toHaveAccessibleDescription(
      'PIN code must be six digits.',
    );
  });

  it('checks the remembered PIN code again on the next product', async () => {
    window.localStorage.setItem(DELIVERY_PIN_KEY, JSON.stringify('110001'));
    server = serve();
    renderPage();
    expect(await screen.findByLabelText('PIN code')).toHaveValue('110001');
    await waitFor(() =>
      expect(screen.getByTestId('delivery-result')).toHaveTextContent(
        'Delivers to New Delhi, Delhi. Cash on delivery not available.',
      ),
    );
    expect(server.calls.filter((c) => c.key.startsWith('GET /api/v1/delivery/'))).toHaveLength(1);
  });

  it('keeps the page when shop-info fails: no seller line, the rest shown', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server = fakeServer({
      'GET /api/v1/product/get-product/sony-wh-1000xm5': { data: { success: true, product } },
      'GET /api/v1/product/related-product/1/7': { data: { success: true, products: [] } },
      'GET /api/v1/shop-info': { status: 500, data: {} },
    });
    renderPage();
    expect(await screen.findByText('Inclusive of all taxes')).toBeInTheDocument();
    await waitFor(() => expect(server.calls.map((c) => c.key)).toContain('GET /api/v1/shop-info'));
    expect(screen.getByTestId('seller')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Check' })).toBeEnabled();
  });
});
