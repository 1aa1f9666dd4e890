// The category page's filters and sort (home's, the category fixed): price bands, the
// option values in use in the category, the order; kept in the query string, so opening
// the address again asks for the same list. Filtered or sorted, the list is product-filters'
// with the category's id, paged like the plain one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import CategoryProductsPage from './CategoryProductsPage';

vi.setConfig({ testTimeout: 20_000 });

const SHIRTS = { _id: '7', name: 'Shirts', slug: 'shirts' };
const item = (n) => ({
  _id: String(n),
  name: `Shirt ${n}`,
  slug: `shirt-${n}`,
  description: 'Cotton.',
  price: 100 * n,
  category: SHIRTS,
});
const FACETS = [
  {
    name: 'Size',
    values: [
      { value: 'M', count: 2 },
      { value: 'XL', count: 1 },
    ],
  },
];

let server;
afterEach(() => server?.restore());

// The category holds three shirts; product-filters answers a page of one of two.
function shop() {
  server = fakeServer({
    'GET /api/v1/product/product-category/shirts': {
      data: { success: true, category: SHIRTS, products: [item(1), item(2), item(3)], total: 3 },
    },
    'GET /api/v1/category/single-category/shirts': { data: { success: true, category: SHIRTS } },
    'POST /api/v1/product/product-filters': (body) => ({
      data: { success: true, products: [item(body.page === 1 ? 3 : 2)], total: 2 },
    }),
    'POST /api/v1/product/option-facets': { data: { success: true, facets: FACETS } },
  });
}

const sent = (key) => server.calls.filter((call) => call.key === key).map((call) => call.body);
const filterCalls = () => sent('POST /api/v1/product/product-filters');

function Where() {
  const { search } = useLocation();
  return <div data-testid="query">{decodeURIComponent(search)}</div>;
}

function renderPage(path = '/category/shirts') {
  return render(
    <AuthProvider>
      <CartProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/category/:slug"
              element={
                <>
                  <CategoryProductsPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

const sideCard = () => screen.getByRole('complementary', { name: 'Filters' });
const cardNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('Category filters', () => {
  it('offers price and the category’s option values, never other categories', async () => {
    shop();
    renderPage();
    expect(await screen.findByText('3 results found')).toBeInTheDocument();
    const card = sideCard();
    expect(within(card).getByRole('radio', { name: '₹200 to ₹349' })).toBeInTheDocument();
    expect(await within(card).findByRole('checkbox', { name: 'M (2)' })).toBeInTheDocument();
    expect(within(card).queryByRole('group', { name: 'Filter By Category' })).toBeNull();
    // The facets asked are the category's.
    expect(sent('POST /api/v1/product/option-facets').at(-1)).toEqual({
      checked: ['7'],
      radio: [],
    });
    expect(filterCalls()).toEqual([]);
  });

  it('a price band, a size and an order go to product-filters with the category and stay in the URL', async () => {
    shop();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('3 results found');
    await user.click(within(sideCard()).getByRole('radio', { name: '₹200 to ₹349' }));
    await user.click(await within(sideCard()).findByRole('checkbox', { name: 'M (2)' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price-asc');

    expect(await screen.findByText('2 results found')).toBeInTheDocument();
    expect(screen.getByTestId('query')).toHaveTextContent('?price=1&opt.Size=M&sort=price-asc');
    expect(filterCalls().at(-1)).toEqual({
      checked: ['7'],
      radio: [200, 349],
      page: 1,
      sort: 'price-asc',
      options: { Size: ['M'] },
    });
    expect(cardNames()).toEqual(['Shirt 3']);

    // Load More goes on with the same filters.
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('Shirt 2');
    expect(filterCalls().at(-1)).toMatchObject({ page: 2, sort: 'price-asc', radio: [200, 349] });

    await user.click(within(sideCard()).getByRole('button', { name: 'RESET FILTERS' }));
    expect(await screen.findByText('3 results found')).toBeInTheDocument();
    expect(screen.getByTestId('query')).toBeEmptyDOMElement();
  });

  it('opened with filters in the address (a reload, a link), asks for that list at once', async () => {
    shop();
    renderPage('/category/shirts?price=1&opt.Size=M&sort=rating&category=99');
    expect(await screen.findByText('2 results found')).toBeInTheDocument();
    expect(filterCalls()).toEqual([
      { checked: ['7'], radio: [200, 349], page: 1, sort: 'rating', options: { Size: ['M'] } },
    ]);
    expect(sent('GET /api/v1/product/product-category/shirts')).toEqual([]);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    expect(within(sideCard()).getByRole('radio', { name: '₹200 to ₹349' })).toBeChecked();
    expect(await within(sideCard()).findByRole('checkbox', { name: 'M (2)' })).toBeChecked();
  });

  it('on phones, the drawer counts a draft in the category and Apply keeps it in the URL', async () => {
    shop();
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('3 results found');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(drawer).queryByRole('group', { name: 'Filter By Category' })).toBeNull();

    await user.click(await within(drawer).findByRole('checkbox', { name: 'XL (1)' }));
    const apply = await within(drawer).findByRole('button', { name: 'Show 2 products' });
    expect(filterCalls().at(-1)).toMatchObject({ checked: ['7'], options: { Size: ['XL'] } });
    expect(screen.getByTestId('query')).toBeEmptyDOMElement(); // a draft until Apply
    await user.click(apply);

    expect(screen.getByTestId('query')).toHaveTextContent('?opt.Size=XL');
    expect(await screen.findByText('2 results found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });
});
