import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { AUTH_KEY, CART_KEY } from '../constants/storageKeys';
import CartPage from './CartPage';

const phone = {
  _id: '1',
  name: 'Pixel Phone',
  slug: 'pixel-phone',
  description:
    'A bright 6.1-inch OLED screen, 128 GB storage and a camera that loves low light scenes.',
  price: 1999.5,
};
const shirt = {
  _id: '2',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'Breathable linen.',
  price: 799,
};

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login">from={location.state?.from}</p>;
}

function renderCart({ cart = [], auth = null } = {}) {
  window.localStorage.setItem(CART_KEY, JSON.stringify(cart));
  if (auth) window.localStorage.setItem(AUTH_KEY, JSON.stringify(auth));
  return render(
    <AuthProvider>
      <CartProvider>
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="/login" element={<LoginProbe />} />
            <Route path="/dashboard/user/profile" element={<p>profile form</p>} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

describe('CartPage', () => {
  it('greets a guest, totals duplicates and previews 50 characters', () => {
    renderCart({ cart: [phone, shirt, phone] });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello Guest');
    expect(screen.getByText(/You Have 3 items in your cart/)).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total : ₹4,798.00');
    expect(
      screen.getAllByText('A bright 6.1-inch OLED screen, 128 GB storage and ...'),
    ).toHaveLength(2);
  });

  it('removes every entry of a product and updates the total', async () => {
    const user = userEvent.setup();
    renderCart({ cart: [phone, shirt, phone] });
    await user.click(screen.getAllByRole('button', { name: /Remove: Pixel Phone/ })[0]);
    expect(screen.queryByText('Pixel Phone')).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total : ₹799.00');
    expect(JSON.parse(window.localStorage.getItem(CART_KEY))).toEqual([shirt]);
  });

  it('sends a guest to login, remembering the cart', async () => {
    const user = userEvent.setup();
    renderCart({ cart: [shirt] });
    expect(screen.getByText('Please login to proceed with checkout.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Please login to checkout' }));
    expect(screen.getByTestId('login')).toHaveTextContent('from=/cart');
  });

  it('shows the address of a logged-in user with Update Address', async () => {
    const user = userEvent.setup();
    renderCart({
      cart: [shirt],
      auth: { token: 't', user: { name: 'Asha', address: '12 MG Road, Pune', role: 0 } },
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello Asha');
    const summary = screen.getByRole('region', { name: 'Cart Summary' });
    expect(within(summary).getByText('12 MG Road, Pune')).toBeInTheDocument();
    expect(screen.queryByText('Please login to proceed with checkout.')).not.toBeInTheDocument();
    await user.click(within(summary).getByRole('button', { name: 'Update Address' }));
    expect(screen.getByText('profile form')).toBeInTheDocument();
  });

  it('offers Update Address to a logged-in user without an address', () => {
    renderCart({ auth: { token: 't', user: { name: 'Ravi', address: '', role: 0 } } });
    expect(screen.getByText('Your Cart Is Empty')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Address' })).toBeInTheDocument();
    expect(screen.queryByText('Current Address')).not.toBeInTheDocument();
  });
});
