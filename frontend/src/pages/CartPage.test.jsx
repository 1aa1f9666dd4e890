import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { AUTH_KEY, CART_KEY } from '../constants/storageKeys';
import CartPage from './CartPage';

const phone = {
  _id: '1',
  name: 'Pixel Phone',
  slug: 'pixel-phone',
  description:
    'A bright 6.1-inch OLED screen, 128 GB storage and a camera that loves low light scenes.',
  price: 1999.5,
  quantity: 4,
};
const shirt = {
  _id: '2',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'Breathable linen.',
  price: 799,
  quantity: 40,
};
const SHOPPER = { token: 't', user: { name: 'Asha', address: '12 MG Road, Pune', role: 0 } };

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login">from={location.state?.from}</p>;
}

// The server knows these products as they are now (default: as stored in the cart).
function serve(products = [phone, shirt], extra = {}) {
  const routes = { ...extra };
  for (const product of products) {
    routes[`GET /api/v1/product/get-product/${product.slug}`] = { data: { product } };
  }
  return fakeServer(routes);
}

function renderCart({ cart = [], auth = null } = {}) {
  window.localStorage.setItem(CART_KEY, JSON.stringify(cart));
  if (auth) window.localStorage.setItem(AUTH_KEY, JSON.stringify(auth));
  return render(
    <AuthProvider>
      <CartProvider>
        <Toaster />
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="/login" element={<LoginProbe />} />
            <Route path="/product/:slug" element={<p>product page</p>} />
            <Route path="/dashboard/user/profile" element={<p>profile form</p>} />
            <Route path="/dashboard/user/orders" element={<p>orders page</p>} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

const stored = () => JSON.parse(window.localStorage.getItem(CART_KEY));
const summary = () => screen.getByRole('region', { name: 'Cart Summary' });

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
});

describe('CartPage', () => {
  it('groups a product listed twice into one line, totals it and previews 50 characters', async () => {
    server = serve();
    renderCart({ cart: [phone, shirt, phone] });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello Guest');
    expect(
      screen.getByText('You have 3 items in your cart. Please log in to check out.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹4,798');
    expect(
      screen.getAllByText('A bright 6.1-inch OLED screen, 128 GB storage and ...'),
    ).toHaveLength(1);
    expect(screen.getByLabelText('Quantity of Pixel Phone')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Pixel Phone' })).toHaveAttribute(
      'href',
      '/product/pixel-phone',
    );
    await waitFor(() => expect(server.calls).toHaveLength(2));
  });

  it('steps a quantity up to the stock and down to 1, keeping the stored shape', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [phone] });
    const more = screen.getByRole('button', { name: 'More: Pixel Phone' });
    for (let i = 0; i < 5; i += 1) if (!more.disabled) await user.click(more);
    expect(screen.getByLabelText('Quantity of Pixel Phone')).toHaveTextContent('4');
    expect(more).toBeDisabled();
    expect(stored()).toHaveLength(4);
    expect(stored().every((item) => item._id === '1')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Fewer: Pixel Phone' }));
    expect(stored()).toHaveLength(3);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹5,998.50');
  });

  it('shows each product’s stock', () => {
    server = serve();
    renderCart({ cart: [phone, shirt] });
    const stock = screen.getAllByTestId('stock').map((node) => node.textContent);
    expect(stock).toEqual(['Only 4 left', 'In stock']);
  });

  it('removes a product at once and offers Undo in the toast', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [phone, shirt, phone] });
    await user.click(screen.getByRole('button', { name: 'Remove: Pixel Phone' }));
    expect(screen.queryByRole('link', { name: 'Pixel Phone' })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹799');
    expect(stored()).toEqual([shirt]);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(stored()).toHaveLength(3);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹4,798');
  });

  it('moves focus to Undo after Remove, then to the next line when the toast goes', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [phone, shirt] });
    await user.click(screen.getByRole('button', { name: 'Remove: Pixel Phone' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    act(() => toast.remove());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove: Linen Shirt' })).toHaveFocus(),
    );
  });

  it('returns focus to the line Undo brought back, and to Continue shopping when empty', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt] });
    await user.click(screen.getByRole('button', { name: 'Remove: Linen Shirt' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    act(() => toast.remove());
    const back = screen.getByRole('button', { name: 'Remove: Linen Shirt' });
    await waitFor(() => expect(back).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus());
    act(() => toast.remove());
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveFocus(),
    );
  });

  it('refreshes from the server: a deleted product leaves with a notice, a new price shows as changed', async () => {
    server = serve([{ ...shirt, price: 699 }], {
      'GET /api/v1/product/get-product/pixel-phone': {
        status: 404,
        data: { success: false, message: 'Product not found' },
      },
    });
    renderCart({ cart: [phone, shirt] });
    expect(await screen.findByRole('status')).toHaveTextContent('Pixel Phone');
    expect(screen.getByText(/Price changed: was ₹799, now ₹699/)).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹699');
    expect(stored()).toEqual([{ ...shirt, price: 699 }]);
  });

  it('shows an empty cart with a centred Continue shopping and no summary', () => {
    renderCart();
    expect(screen.getByText('Your Cart Is Empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cart Summary' })).not.toBeInTheDocument();
    expect(screen.queryByText(/₹0/)).not.toBeInTheDocument();
  });

  it('sends a guest to login, remembering the cart', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt] });
    expect(screen.getByText('Please login to proceed with checkout.')).toBeInTheDocument();
    await user.click(within(summary()).getByRole('button', { name: 'Please login to checkout' }));
    expect(screen.getByTestId('login')).toHaveTextContent('from=/cart');
  });

  it('shows the address of a signed-in shopper with Update Address and Place Order', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt], auth: SHOPPER });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello Asha');
    expect(screen.getByText('You have 1 item in your cart.')).toBeInTheDocument();
    expect(within(summary()).getByText('12 MG Road, Pune')).toBeInTheDocument();
    expect(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    ).toBeEnabled();
    expect(screen.queryByText('Please login to proceed with checkout.')).not.toBeInTheDocument();
    await user.click(within(summary()).getByRole('button', { name: 'Update Address' }));
    expect(screen.getByText('profile form')).toBeInTheDocument();
  });

  it('offers Update Address instead of Place Order without an address', () => {
    server = serve();
    renderCart({
      cart: [shirt],
      auth: { token: 't', user: { name: 'Ravi', address: '', role: 0 } },
    });
    expect(within(summary()).getByRole('button', { name: 'Update Address' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Place Order/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Current Address')).not.toBeInTheDocument();
  });

  it('places the order: one line per product, then empties the cart and opens the orders', async () => {
    const user = userEvent.setup();
    server = serve([phone, shirt], {
      'POST /api/v1/orders/checkout': { status: 201, data: { success: true, order: {} } },
    });
    renderCart({ cart: [phone, shirt, phone], auth: SHOPPER });
    await waitFor(() => expect(server.calls).toHaveLength(2));
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    const placed = server.calls.find((call) => call.key === 'POST /api/v1/orders/checkout');
    expect(placed.body).toEqual({
      cart: [
        { _id: '1', quantity: 2 },
        { _id: '2', quantity: 1 },
      ],
      payment: 'cod',
    });
    expect(stored()).toEqual([]);
    expect(await screen.findByText(/Order placed/)).toBeInTheDocument();
  });

  it('keeps the cart and says why when stock ran short', async () => {
    const user = userEvent.setup();
    server = serve([phone], {
      'POST /api/v1/orders/checkout': {
        status: 409,
        data: { success: false, message: 'Not enough stock: Pixel Phone (1 left).' },
      },
    });
    renderCart({ cart: [phone, phone], auth: SHOPPER });
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    expect(await screen.findByText('Not enough stock: Pixel Phone (1 left).')).toBeInTheDocument();
    expect(stored()).toHaveLength(2);
  });
});
