// Home's option filters: the option values in use for the chosen categories and price
// (option-facets), one fieldset per option with a count per value; a ticked value goes to
// product-filters as `options`, starts the list again at page 1, lives in the URL and is
// cleared by RESET FILTERS. A failed or empty answer shows no option filters.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import HomePage from './HomePage';

vi.setConfig({ testTimeout: 20_000 });

const CATEGORIES = [
  { _id: '1', name: 'Shirts', slug: 'shirts' },
  { _id: '2', name: 'Cameras', slug: 'cameras' },
];
const item = (n) => ({
  _id: String(n),
  name: `Thing ${n}`,
  slug: `thing-${n}`,
  description: 'Useful.',
  price: 100 * n,
  category: CATEGORIES[0],
});
const FACETS = [
  {
    name: 'Size',
    values: [
      { value: 'M', count: 12 },
      { value: 'XL', count: 3 },
    ],
  },
  { name: 'Colour', values: [{ value: 'Black', count: 5 }] },
];

let server;
afterEach(() => server?.restore());

// The plain list: two pages of two products (four in all); product-filters answers one.
function shop({ facets = () => ({ data: { success: true, facets: FACETS } }) } = {}) {
  server = fakeServer({
    'GET /api/v1/category/get-category': { data: { success: true, category: CATEGORIES } },
    'GET /api/v1/product/product-list/1': { data: { success: true, products: [item(1), item(2)] } },
    'GET /api/v1/product/product-list/2': { data: { success: true, products: [item(3), item(4)] } },
    'GET /api/v1/product/product-count': { data: { success: true, total: 4 } },
    'POST /api/v1/product/product-filters': () => ({
      data: { success: true, products: [item(4)], total: 1 },
    }),
    'POST /api/v1/product/option-facets': facets,
  });
  return server;
}

const sent = (key) => server.calls.filter((call) => call.key === key).map((call) => call.body);
const filterCalls = () => sent('POST /api/v1/product/product-filters');
const facetCalls = () => sent('POST /api/v1/product/option-facets');

function Where() {
  const { search } = useLocation();
  return <div data-testid="query">{decodeURIComponent(search)}</div>;
}

function renderHome(path = '/') {
  return render(
    <AuthProvider>
      <CartProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/"
              element={
                <>
                  <HomePage />
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

describe('Home option filters', () => {
  it('shows one fieldset per option in use, each value with its count', async () => {
    shop();
    renderHome();

    await screen.findByText('Showing 2 of 4 products');
    const size = await within(sideCard()).findByRole('group', { name: 'Size' });
    expect(within(size).getByRole('checkbox', { name: 'M (12)' })).not.toBeChecked();
    expect(within(size).getByRole('checkbox', { name: 'XL (3)' })).not.toBeChecked();
    const colour = within(sideCard()).getByRole('group', { name: 'Colour' });
    expect(within(colour).getByRole('checkbox', { name: 'Black (5)' })).toBeInTheDocument();
    // Under the category and price filters, in the order the server gave.
    const legends = within(sideCard())
      .getAllByRole('group')
      .map((group) => group.querySelector('legend').textContent);
    expect(legends).toEqual(['Filter By Category', 'Filter By Price', 'Size', 'Colour']);
    expect(facetCalls()).toEqual([{ checked: [], radio: [] }]);
  });

  it('sends a ticked value as options, from page 1, and keeps it in the URL', async () => {
    shop();
    const user = userEvent.setup();
    renderHome();
    expect(await screen.findByText('Showing 2 of 4 products')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    expect(await screen.findByText('Showing 4 of 4 products')).toBeInTheDocument();

    const xl = await screen.findByRole('checkbox', { name: 'XL (3)' });
    await user.click(xl);

    expect(xl).toBeChecked();
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(filterCalls().at(-1)).toEqual({
      checked: [],
      radio: [],
      page: 1,
      options: { Size: ['XL'] },
    });
    expect(screen.getByTestId('query')).toHaveTextContent('?opt.Size=XL');
    expect(screen.getByRole('heading', { level: 1, name: 'All Products, Size XL' })).toBeVisible();

    // A second value of the option, and a value of another: both options are sent.
    await user.click(screen.getByRole('checkbox', { name: 'M (12)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Black (5)' }));
    expect(filterCalls().at(-1)).toEqual({
      checked: [],
      radio: [],
      page: 1,
      options: { Size: ['XL', 'M'], Colour: ['Black'] },
    });
    // Choosing a value asks for no new facets: the counts depend on categories and price.
    expect(facetCalls()).toHaveLength(1);
  });

  it('asks for the facets again when the categories or the price change', async () => {
    shop();
    const user = userEvent.setup();
    renderHome();
    await screen.findByRole('checkbox', { name: 'M (12)' });

    await user.click(screen.getByLabelText('Shirts'));
    await user.click(screen.getByLabelText('₹350 to ₹599'));

    expect(facetCalls()).toEqual([
      { checked: [], radio: [] },
      { checked: ['1'], radio: [] },
      { checked: ['1'], radio: [350, 599] },
    ]);
  });

  it('RESET FILTERS clears the option values with the other filters', async () => {
    shop();
    const user = userEvent.setup();
    renderHome('/?category=1&opt.Size=M&opt.Colour=Black');

    expect(await screen.findByRole('checkbox', { name: 'M (12)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Black (5)' })).toBeChecked();
    expect(filterCalls()[0]).toEqual({
      checked: ['1'],
      radio: [],
      page: 1,
      options: { Size: ['M'], Colour: ['Black'] },
    });

    await user.click(within(sideCard()).getByRole('button', { name: 'RESET FILTERS' }));

    expect(screen.getByTestId('query')).toBeEmptyDOMElement();
    expect(screen.getByRole('checkbox', { name: 'M (12)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Black (5)' })).not.toBeChecked();
    expect(await screen.findByText('Showing 2 of 4 products')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  });

  it('keeps a ticked value no longer in use visible, without a count, to untick it', async () => {
    shop();
    const user = userEvent.setup();
    renderHome('/?opt.Size=XXL');

    const xxl = await screen.findByRole('checkbox', { name: 'XXL' });
    expect(xxl).toBeChecked();
    await user.click(xxl);
    expect(screen.getByTestId('query')).toBeEmptyDOMElement();
    expect(screen.queryByRole('checkbox', { name: 'XXL' })).toBeNull();
  });

  it('shows no option filters when the facets fail or are empty', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shop({ facets: () => ({ status: 500, data: { success: false, message: 'Boom' } }) });
    const { unmount } = renderHome();
    expect(await screen.findByText('Showing 2 of 4 products')).toBeInTheDocument();
    await vi.waitFor(() => expect(facetCalls()).toHaveLength(1));
    expect(within(sideCard()).getAllByRole('group')).toHaveLength(2);
    expect(console.error).toHaveBeenCalledWith(
      'option filters could not be loaded',
      expect.anything(),
    );
    unmount();
    server.restore();

    shop({ facets: { data: { success: true, facets: [] } } });
    renderHome();
    expect(await screen.findByText('Showing 2 of 4 products')).toBeInTheDocument();
    await vi.waitFor(() => expect(facetCalls()).toHaveLength(1));
    expect(within(sideCard()).getAllByRole('group')).toHaveLength(2);
  });

  it('on phones, the drawer offers the values for its draft and Apply sends them', async () => {
    shop();
    const user = userEvent.setup();
    renderHome();
    await screen.findByText('Showing 2 of 4 products');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = screen.getByRole('dialog', { name: 'Filters' });

    await user.click(await within(drawer).findByRole('checkbox', { name: 'XL (3)' }));
    expect(await within(drawer).findByRole('button', { name: 'Show 1 product' })).toBeVisible();
    expect(screen.getByTestId('query')).toBeEmptyDOMElement(); // a draft until Apply
    await user.click(within(drawer).getByRole('button', { name: 'Show 1 product' }));

    expect(screen.getByTestId('query')).toHaveTextContent('?opt.Size=XL');
    expect(await screen.findByText('Showing 1 of 1 product')).toBeInTheDocument();
    expect(filterCalls().at(-1)).toMatchObject({ page: 1, options: { Size: ['XL'] } });
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
  });
});
