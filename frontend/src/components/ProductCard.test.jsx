import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
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

// A card alone, its add button doing nothing.
function renderProduct(product) {
  return render(
    <MemoryRouter>
      <CartProvider>
        <ProductCard product={product} onAdd={() => {}} />
      </CartProvider>
    </MemoryRouter>,
  );
}

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
    expect(screen.getByText('₹54,999')).toBeInTheDocument();
  });

  it('shows the product photo with fixed dimensions (decorative: the name says it)', () => {
    const { container } = renderCard({ lazy: true });
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('alt', '');
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

  it('reads Add to Cart, one casing everywhere', () => {
    renderCard();
    expect(screen.getByRole('button', { name: /^Add to Cart: / })).toHaveTextContent('Add to Cart');
  });

  it('links the photo and the name to the product, the photo hidden from the tab order', () => {
    const { container } = renderCard();
    expect(screen.getByRole('link', { name: 'Aero Laptop 14' })).toHaveAttribute(
      'href',
      '/product/aero-laptop-14',
    );
    const photoLink = container.querySelector('img').closest('a');
    expect(photoLink).toHaveAttribute('href', '/product/aero-laptop-14');
    expect(photoLink).toHaveAttribute('tabindex', '-1');
  });
});

describe('ProductCard stock', () => {
  function renderWith(product) {
    function Card() {
      const { add, cart } = useCart();
      return (
        <>
          <ProductCard product={product} onAdd={add} />
          <p data-testid="count">{cart.length}</p>
        </>
      );
    }
    window.localStorage.setItem(CART_KEY, '[]');
    return render(
      <MemoryRouter>
        <CartProvider>
          <Toaster />
          <Card />
        </CartProvider>
      </MemoryRouter>,
    );
  }

  it.each([
    [12, 'In stock'],
    [5, 'Only 5 left'],
    [0, 'Out of stock'],
  ])('with %i in stock says %s', (quantity, label) => {
    renderWith({ ...laptop, quantity });
    expect(screen.getByTestId('stock')).toHaveTextContent(label);
    cleanup();
  });

  it('cannot add a sold-out product, and stops at the stock of a scarce one', async () => {
    const user = userEvent.setup();
    renderWith({ ...laptop, quantity: 0 });
    expect(screen.getByRole('button', { name: 'Add to Cart: Aero Laptop 14' })).toBeDisabled();
    cleanup();
    renderWith({ ...laptop, quantity: 2 });
    const add = screen.getByRole('button', { name: 'Add to Cart: Aero Laptop 14' });
    await user.click(add);
    await user.click(add);
    await user.click(add);
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    expect(await screen.findByText('You can order at most 2 of this product')).toBeInTheDocument();
    cleanup();
  });
});

describe('ProductCard with variants', () => {
  const variant = (id, options, price, quantity = 5) => ({ _id: id, options, price, quantity });
  const tee = {
    ...laptop,
    _id: '40',
    name: 'Cotton Tee',
    slug: 'cotton-tee',
    price: 499,
    quantity: 15,
    options: [
      { name: 'Size', values: ['S', 'M'] },
      {
        name: 'colour',
        values: ['Black', 'White', 'Navy Blue', 'Red', 'Sunrise', 'Teal', 'Olive'],
      },
    ],
    variants: [
      variant('1', { Size: 'S', colour: 'Black' }, 499),
      variant('2', { Size: 'M', colour: 'Black' }, 1549),
      variant('3', { Size: 'S', colour: 'White' }, 499),
    ],
  };

  it('says "from" the lowest price when the variants’ prices differ', () => {
    renderProduct({ ...tee, price: 499 });
    expect(screen.getByText('from ₹499')).toBeInTheDocument();
  });

  it('keeps the plain price when every variant costs the same', () => {
    const same = tee.variants.map((v) => ({ ...v, price: 1549 }));
    renderProduct({ ...tee, price: 1549, variants: same });
    expect(screen.getByText('₹1,549')).toBeInTheDocument();
    expect(screen.queryByText(/from/)).not.toBeInTheDocument();
  });

  it('shows up to five colour dots with their names, then how many more', () => {
    renderProduct(tee);
    const list = screen.getByRole('list', { name: 'Colours' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Black',
      'White',
      'Navy Blue',
      'Red',
      'Sunrise',
      '+22 more colours',
    ]);
    expect(within(items[5]).getByText('2 more colours')).toHaveClass('visually-hidden');
    expect(list.querySelectorAll('.swatch')).toHaveLength(5);
  });

  it('shows no dots without a colour option, and exactly five without a "+"', () => {
    const sizes = { ...tee, options: [tee.options[0]] };
    const { unmount } = renderProduct(sizes);
    expect(screen.queryByRole('list', { name: 'Colours' })).not.toBeInTheDocument();
    unmount();
    const five = { ...tee, options: [{ name: 'Color', values: ['A', 'B', 'C', 'D', 'E'] }] };
    renderProduct(five);
    expect(
      within(screen.getByRole('list', { name: 'Colours' })).getAllByRole('listitem'),
    ).toHaveLength(5);
  });

  it('offers Choose options (the product page) for a product that needs a choice', () => {
    renderProduct(tee);
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose options: Cotton Tee' })).toHaveAttribute(
      'href',
      '/product/cotton-tee',
    );
  });

  it('adds a product with one variant straight from the card, as that variant', async () => {
    const user = userEvent.setup();
    const mug = {
      ...laptop,
      _id: '50',
      name: 'Mug',
      options: [],
      quantity: 3,
      variants: [variant('51', {}, 54999, 3)],
    };
    render(
      <MemoryRouter>
        <CartProvider>
          <Toaster />
          <CardOf product={mug} />
        </CartProvider>
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Add to Cart: Mug' }));
    expect(JSON.parse(window.localStorage.getItem(CART_KEY))).toEqual([
      { ...mug, variant: '51', price: 54999, quantity: 3 },
    ]);
  });
});

function CardOf({ product }) {
  const { add } = useCart();
  return <ProductCard product={product} onAdd={add} />;
}

describe('ProductCard maximum retail price', () => {
  it('strikes the MRP through before the price, with the percentage off after it', () => {
    renderProduct({ ...laptop, price: 1499, mrp: 1999 });
    const mrp = screen.getByTestId('mrp');
    expect(mrp.tagName).toBe('S');
    expect(within(mrp).getByText('M.R.P. ₹1,999')).toHaveAttribute('aria-hidden', 'true');
    expect(within(mrp).getByText('Maximum retail price ₹1,999')).toHaveClass('visually-hidden');
    expect(screen.getByText('₹1,499')).toBeInTheDocument();
    expect(screen.getByTestId('percent-off')).toHaveTextContent('25% off');
    const line = mrp.closest('p');
    expect(line.textContent).toBe('M.R.P. ₹1,999Maximum retail price ₹1,999₹1,49925% off');
  });

  it('shows no MRP when it is not above the price, or not given', () => {
    renderProduct({ ...laptop, price: 1499, mrp: 1499 });
    expect(screen.queryByTestId('mrp')).not.toBeInTheDocument();
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
    cleanup();
    renderProduct({ ...laptop, mrp: null });
    expect(screen.queryByTestId('mrp')).not.toBeInTheDocument();
    expect(screen.getByText('₹54,999')).toBeInTheDocument();
  });

  it('shows none beside "from" a price range', () => {
    renderProduct({
      ...laptop,
      price: 499,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { _id: '1', options: { Size: 'S' }, price: 499, quantity: 2, mrp: 999 },
        { _id: '2', options: { Size: 'M' }, price: 599, quantity: 2, mrp: 999 },
      ],
    });
    expect(screen.getByText('from ₹499')).toBeInTheDocument();
    expect(screen.queryByTestId('mrp')).not.toBeInTheDocument();
  });
});

describe('ProductCard in a sale', () => {
  const DIWALI = {
    name: 'Diwali Sale',
    endsAt: new Date(2026, 10, 5, 23, 59).toISOString(),
  };
  const onSale = { ...laptop, price: 1499, regularPrice: 1999, mrp: null, sale: DIWALI };

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date(2026, 10, 1, 9, 0), toFake: ['Date'] });
  });
  afterEach(() => vi.useRealTimers());

  it('strikes the regular price through, with the percentage off and the sale’s badge', () => {
    renderProduct(onSale);
    const struck = screen.getByTestId('regular-price');
    expect(struck.tagName).toBe('S');
    expect(within(struck).getByText('₹1,999')).toHaveAttribute('aria-hidden', 'true');
    expect(within(struck).getByText('Regular price ₹1,999')).toHaveClass('visually-hidden');
    expect(screen.getByText('₹1,499')).toBeInTheDocument();
    expect(screen.getByTestId('percent-off')).toHaveTextContent('25% off');
    expect(screen.getByText('Diwali Sale')).toHaveClass('badge');
    expect(screen.getByTestId('sale')).toHaveTextContent('Sale ends 5 Nov');
  });

  it('strikes only the MRP when there is one, the percentage off against it', () => {
    const { container } = renderProduct({ ...onSale, mrp: 2499 });
    expect(container.querySelectorAll('s')).toHaveLength(1);
    expect(screen.getByTestId('mrp')).toHaveTextContent('M.R.P. ₹2,499');
    expect(screen.queryByTestId('regular-price')).not.toBeInTheDocument();
    expect(screen.getByTestId('percent-off')).toHaveTextContent('40% off');
    expect(screen.getByText('Diwali Sale')).toBeInTheDocument();
  });

  it('shows neither outside a sale, nor a sale that has ended', () => {
    const { container } = renderProduct({ ...laptop, regularPrice: 54999, sale: null });
    expect(container.querySelector('s')).toBeNull();
    expect(screen.queryByTestId('sale')).not.toBeInTheDocument();
    cleanup();
    renderProduct({ ...onSale, sale: { ...DIWALI, endsAt: '2026-10-01T00:00:00Z' } });
    expect(screen.queryByTestId('sale')).not.toBeInTheDocument();
  });

  it('shows the badge, but strikes nothing, beside "from" a price range', () => {
    const { container } = renderProduct({
      ...onSale,
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { _id: '1', options: { Size: 'S' }, price: 399, regularPrice: 499, quantity: 2 },
        { _id: '2', options: { Size: 'M' }, price: 449, regularPrice: 549, quantity: 2 },
      ],
      price: 399,
    });
    expect(screen.getByText('from ₹399')).toBeInTheDocument();
    expect(container.querySelector('s')).toBeNull();
    expect(screen.getByText('Diwali Sale')).toBeInTheDocument();
  });
});
