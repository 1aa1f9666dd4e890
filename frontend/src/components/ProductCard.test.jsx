import { describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { CartProvider } from '../features/cart/CartContext';
import { CART_KEY } from '../constants/storageKeys';
import ProductCard from './ProductCard';
import { useCart } from '../features/cart/CartContext';

const laptop = {
  _id: '12',
  name: 'Aero Laptop 14',
  slug: 'aero-laptop-14',
  description: 'A light 14-inch laptop with a 12-hour battery and a backlit keyboard.',
  price: 54999,
  category: { _id: '1', name: 'Electronics', slug: 'electronics' },
};

function CartCard(props) {
  const { add, cart } = useCart();
  return (
    <>
      <ProductCard product={laptop} onAdd={add} {...props} />
      <p data-testid="count">{cart.length}</p>
    </>
  );
}

function renderCard(props = {}) {
  return render(
    <MemoryRouter>
      <CartProvider>
        <Toaster />
        <CartCard {...props} />
      </CartProvider>
    </MemoryRouter>,
  );
}

describe('ProductCard', () => {
  it('shows the name, a 30-character preview and the price in rupees', () => {
    renderCard();
    expect(screen.getByRole('heading', { name: 'Aero Laptop 14' })).toBeInTheDocument();
    expect(screen.getByText('A light 14-inch laptop with a ...')).toBeInTheDocument();
    expect(screen.getByText('₹54,999.00')).toBeInTheDocument();
  });

  it('shows the product photo with alt text and fixed dimensions', () => {
    renderCard({ lazy: true });
    const img = screen.getByRole('img', { name: 'Aero Laptop 14' });
    expect(img).toHaveAttribute('src', '/api/v1/product/product-photo/12');
    expect(img).toHaveAttribute('width', '352');
    expect(img).toHaveAttribute('height', '200');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('links More Details to the product page', () => {
    renderCard();
    expect(screen.getByRole('link', { name: /More Details/ })).toHaveAttribute(
      'href',
      '/product/aero-laptop-14',
    );
  });

  it('adds the product to the stored cart each time, with a toast', async () => {
    const user = userEvent.setup();
    renderCard();
    const button = screen.getByRole('button', { name: /^Add to Cart: / });
    await user.click(button);
    await user.click(button);
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    const stored = JSON.parse(window.localStorage.getItem(CART_KEY));
    expect(stored.map((item) => item._id)).toEqual(['12', '12']);
    expect((await screen.findAllByText('Item Added to Cart')).length).toBeGreaterThan(0);
  });

  it('reads Add to Cart by default and the label a screen gives otherwise', () => {
    renderCard();
    expect(screen.getByRole('button', { name: /^Add to Cart: / })).toHaveTextContent('Add to Cart');
    cleanup();
    renderCard({ addLabel: 'ADD TO CART' });
    expect(screen.getByRole('button', { name: /^ADD TO CART: / })).toHaveTextContent('ADD TO CART');
  });
});
