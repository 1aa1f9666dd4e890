// The product page in a sale, against a fake server at the HTTP boundary: the sale price
// with one figure struck through (the chosen variant's regular price, or its MRP), the
// sale's badge and countdown, and the product loaded again when the sale ends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { renderRoutes } from '../features/auth/testing/renderRoutes';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import { END_GRACE_MS } from '../lib/useCountdown';
import ProductDetailsPage from './ProductDetailsPage';

// Local times (the shopper's clock), whatever zone the tests run in.
const at = (day, hours, minutes = 0) => new Date(2026, 10, day, hours, minutes);
const NOW = at(5, 21);
const sale = (ends) => ({ name: 'Diwali Sale', endsAt: ends.toISOString() });

const lamp = {
  _id: '40',
  name: 'Desk Lamp',
  slug: 'desk-lamp',
  description: 'A warm desk lamp.',
  price: 1499,
  regularPrice: 1999,
  mrp: null,
  sale: sale(at(5, 23)),
  quantity: 5,
  category: { _id: '3', name: 'Home', slug: 'home' },
};
const AFTER = { ...lamp, price: 1999, regularPrice: 1999, sale: null };

const teeVariant = (id, size, price, regularPrice, mrp = null) => ({
  _id: id,
  options: { Size: size },
  price,
  regularPrice,
  mrp,
  quantity: 4,
});
const tee = {
  ...lamp,
  _id: '12',
  name: 'Cotton Tee',
  slug: 'cotton-tee',
  price: 399,
  regularPrice: 499,
  sale: sale(at(8, 12)),
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [teeVariant('17', 'S', 399, 499), teeVariant('18', 'M', 449, 549, 1099)],
};

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  act(() => toast.remove());
  resetShopInfo();
  vi.useRealTimers();
});

// `answers` are the product as the server gives it at each load, the last one repeated.
async function opened(answers) {
  const product = answers[0];
  let loads = 0;
  server = fakeServer({
    'GET /api/v1/shop-info': { data: shopInfoAnswer() },
    [`GET /api/v1/product/get-product/${product.slug}`]: () => {
      const answer = answers[Math.min(loads, answers.length - 1)];
      loads += 1;
      return answer instanceof Error || answer.status
        ? answer
        : { data: { success: true, product: answer } };
    },
    [`GET /api/v1/product/related-product/${product._id}/3`]: {
      data: { success: true, products: [] },
    },
  });
  renderRoutes(
    [
      {
        path: '/product/:slug',
        element: (
          <CartProvider>
            <ProductDetailsPage />
          </CartProvider>
        ),
      },
    ],
    `/product/${product.slug}`,
  );
  await screen.findByRole('heading', { level: 1, name: product.name });
  await screen.findByText('No Similar Products found');
}

const loads = () => server.calls.filter((call) => call.key.includes('/get-product/'));

describe('a product in a sale', () => {
  it('strikes the regular price through, names the sale and counts down to its end', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    await opened([lamp]);
    expect(screen.getByTestId('price')).toHaveTextContent('₹1,499');
    expect(screen.getByTestId('regular-price')).toHaveTextContent('Regular price ₹1,999');
    expect(screen.getByTestId('percent-off')).toHaveTextContent('25% off');
    expect(screen.getByText('Diwali Sale')).toHaveClass('badge');
    expect(screen.getByTestId('sale-countdown')).toHaveTextContent('Sale ends today at 11:00 pm');
  });

  it('loads the product again when the sale ends, and shows its regular price', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    await opened([lamp, AFTER]);
    act(() => vi.advanceTimersByTime(2 * 60 * 60_000));
    // At the end the sale is no longer shown; a moment later the product is asked again.
    expect(screen.queryByTestId('sale')).not.toBeInTheDocument();
    expect(loads()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(END_GRACE_MS));
    await waitFor(() => expect(loads()).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('price')).toHaveTextContent('₹1,999'));
    expect(screen.queryByTestId('regular-price')).not.toBeInTheDocument();
    expect(screen.queryByTestId('percent-off')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Desk Lamp' })).toBeInTheDocument();
  });

  it('keeps the product shown when loading it again fails', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await opened([lamp, { status: 503, data: { success: false, message: 'Try again.' } }]);
    act(() => vi.advanceTimersByTime(2 * 60 * 60_000 + END_GRACE_MS));
    await waitFor(() => expect(loads()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Desk Lamp' })).toBeInTheDocument();
    expect(screen.queryByText('Product not found')).not.toBeInTheDocument();
    expect(screen.queryByTestId('sale')).not.toBeInTheDocument();
  });

  it('shows the chosen variant’s regular price, or its MRP, as the one struck figure', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await opened([tee]);
    // "from ₹399": no one figure to strike, but the sale is named.
    expect(screen.queryByTestId('regular-price')).not.toBeInTheDocument();
    expect(screen.getByTestId('sale-countdown')).toHaveTextContent('Sale ends in 2d 15h');
    expect(screen.getByText('Sale ends in 2 days 15 hours')).toHaveClass('visually-hidden');
    await user.click(screen.getByRole('radio', { name: 'S' }));
    expect(screen.getByTestId('price')).toHaveTextContent('₹399');
    expect(screen.getByTestId('regular-price')).toHaveTextContent('₹499');
    expect(screen.getByTestId('percent-off')).toHaveTextContent('20% off');
    await user.click(screen.getByRole('radio', { name: 'M' }));
    expect(screen.getByTestId('price')).toHaveTextContent('₹449');
    expect(screen.getByTestId('mrp')).toHaveTextContent('M.R.P. ₹1,099');
    expect(screen.queryByTestId('regular-price')).not.toBeInTheDocument();
    expect(screen.getByTestId('percent-off')).toHaveTextContent('59% off');
  });
});
