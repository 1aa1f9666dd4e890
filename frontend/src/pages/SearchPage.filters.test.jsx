// Search results narrowed with home's filters: the search call takes none, so the page
// filters its one answer (never paged) and counts the values in use among it; the filters
// and the order live in the query string beside `q`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { SearchProvider } from '../features/search/SearchContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import SearchPage from './SearchPage';

vi.setConfig({ testTimeout: 20_000 });

const TEES = { _id: '1', name: 'Tees', slug: 'tees' };
const SHOES = { _id: '2', name: 'Shoes', slug: 'shoes' };
const product = (n, name, price, category, option, values) => ({
  _id: String(n),
  name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  description: 'Good.',
  price,
  category,
  options: [{ name: option, values }],
  variants: values.map((value, v) => ({
    _id: `${n}-${v}`,
    options: { [option]: value },
    price,
    quantity: 3,
  })),
});
const RESULTS = [
  product(1, 'Blue Tee', 299, TEES, 'Size', ['M', 'L']),
  product(2, 'Black Tee', 249, TEES, 'Size', ['S', 'XL']),
  product(3, 'Tee Sneaker', 1999, SHOES, 'Size', ['UK 10', 'UK 6']),
];

let server;
afterEach(() => server?.restore());

function shop() {
  server = fakeServer({ 'GET /api/v1/product/search/tee': { data: RESULTS } });
}

function Where() {
  const { search } = useLocation();
  return <div data-testid="query">{decodeURIComponent(search)}</div>;
}

function renderAt(url) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        <CartProvider>
          <SearchProvider>
            <Routes>
              <Route
                path="/search"
                element={
                  <>
                    <SearchPage />
                    <Where />
                  </>
                }
              />
            </Routes>
          </SearchProvider>
        </CartProvider>
      </AuthProvider>
    </MemoryRouter>,
  );
}

const sideCard = () => screen.getByRole('complementary', { name: 'Filters' });
const cardNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('Search filters', () => {
  it('offers the results’ categories and sizes (in size order) with their counts', async () => {
    shop();
    renderAt('/search?q=tee');
    expect(await screen.findByText('Found 3')).toBeInTheDocument();
    const card = sideCard();
    const categories = within(card).getByRole('group', { name: 'Filter By Category' });
    expect(
      within(categories)
        .getAllByRole('checkbox')
        .map((box) => box.labels[0].textContent),
    ).toEqual(['Tees', 'Shoes']);
    const sizes = within(card).getByRole('group', { name: 'Size' });
    expect(
      within(sizes)
        .getAllByRole('checkbox')
        .map((box) => box.labels[0].textContent),
    ).toEqual(['S (1)', 'M (1)', 'L (1)', 'XL (1)', 'UK 6 (1)', 'UK 10 (1)']);
  });

  it('a category, a price band, a size and an order narrow the answer and stay in the URL', async () => {
    shop();
    const user = userEvent.setup();
    renderAt('/search?q=tee');
    await screen.findByText('Found 3');
    await user.click(within(sideCard()).getByRole('checkbox', { name: 'Tees' }));
    expect(await screen.findByText('Found 2')).toBeInTheDocument();
    await user.click(within(sideCard()).getByRole('radio', { name: '₹200 to ₹349' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');
    expect(cardNames()).toEqual(['Black Tee', 'Blue Tee']);
    await user.click(within(sideCard()).getByRole('checkbox', { name: 'L (1)' }));

    expect(await screen.findByText('Found 1')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Blue Tee']);
    expect(screen.getByTestId('query')).toHaveTextContent(
      '?q=tee&category=1&price=1&sort=price-asc&opt.Size=L',
    );
    // One search call: the filters never ask the server again.
    expect(server.calls).toHaveLength(1);

    await user.click(within(sideCard()).getByRole('button', { name: 'RESET FILTERS' }));
    expect(await screen.findByText('Found 3')).toBeInTheDocument();
    expect(screen.getByTestId('query')).toHaveTextContent('?q=tee');
  });

  it('opened with filters in the address, shows them applied', async () => {
    shop();
    renderAt('/search?q=tee&price=5&opt.Size=UK%2010&sort=price-desc');
    expect(await screen.findByText('Found 1')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Tee Sneaker']);
    expect(within(sideCard()).getByRole('checkbox', { name: 'UK 10 (1)' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
  });

  it('says No Products Found when the filters leave nothing, the filters still there', async () => {
    shop();
    renderAt('/search?q=tee&price=0');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(within(sideCard()).getByRole('button', { name: 'RESET FILTERS' })).toBeVisible();
  });

  it('on phones, the drawer counts the draft among the results', async () => {
    shop();
    const user = userEvent.setup();
    renderAt('/search?q=tee');
    await screen.findByText('Found 3');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    await user.click(within(drawer).getByRole('checkbox', { name: 'Shoes' }));
    await user.click(within(drawer).getByRole('button', { name: 'Show 1 product' }));

    expect(screen.getByTestId('query')).toHaveTextContent('?q=tee&category=2');
    expect(cardNames()).toEqual(['Tee Sneaker']);
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });
});
