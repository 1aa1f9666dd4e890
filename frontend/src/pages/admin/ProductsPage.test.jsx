// All Products List: a table of photo, name, price, stock and category, 50 a page, with
// search by name and sort by stock, all kept in the address.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import { apiClient } from '../../lib/apiClient';
import ProductsPage from './ProductsPage';

const product = (n, extra = {}) => ({
  _id: String(n),
  name: `Gadget ${n}`,
  slug: `gadget-${n}`,
  description: `Gadget number ${n}`,
  price: 1000 * n + 499,
  quantity: n,
  category: { _id: '1', name: 'Electronics', slug: 'electronics' },
  photo: `/api/v1/product/product-photo/${n}?v=ab${n}`,
  photoWidths: [320, 640],
  ...extra,
});

const routes = [{ path: '/dashboard/admin/products', element: <ProductsPage /> }];

let server;
let restoreAdapter;
afterEach(() => {
  restoreAdapter?.();
  restoreAdapter = undefined;
  server?.restore();
  server = undefined;
  toast.remove();
});

// Every params object the table asked for.
function recordParams() {
  const seen = [];
  const answer = apiClient.defaults.adapter;
  apiClient.defaults.adapter = (config) => {
    seen.push(config.params);
    return answer(config);
  };
  restoreAdapter = () => {
    apiClient.defaults.adapter = answer;
  };
  return seen;
}

describe('Admin products table', () => {
  it('shows photo, name, price, stock and category for each product', async () => {
    server = fakeServer({
      'GET /api/v1/admin/products': {
        data: [product(120), product(0)],
        headers: { 'x-total-count': '2', 'x-page-size': '50' },
      },
    });
    renderRoutes(routes, '/dashboard/admin/products');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Photo', 'Name', 'Price', 'Stock', 'Category']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('img')).toHaveAttribute('alt', 'Gadget 120');
    expect(within(first).getByRole('img')).toHaveAttribute('width', '64');
    expect(within(first).getByRole('link', { name: 'Gadget 120' })).toHaveAttribute(
      'href',
      '/dashboard/admin/product/gadget-120',
    );
    expect(
      within(first)
        .getAllByRole('cell')
        .slice(2)
        .map((td) => td.textContent),
    ).toEqual(['₹1,20,499', '120', 'Electronics']);
    expect(within(second).getAllByRole('cell')[3]).toHaveClass('text-danger');
    expect(screen.getByText('2 products')).toBeInTheDocument();
  });

  it('searches by name, sorts by stock and pages 50 at a time, in the address', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      'GET /api/v1/admin/products': {
        data: [product(1)],
        headers: { 'x-total-count': '120', 'x-page-size': '50' },
      },
    });
    const seen = recordParams();
    renderRoutes(routes, '/dashboard/admin/products?sort=stock');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort by')).toHaveValue('stock');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Product name'), 'fan');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByText('Page 1 of 3');
    await user.selectOptions(screen.getByLabelText('Sort by'), '-stock');
    await screen.findByText('120 products');
    expect(seen).toEqual([
      { page: 1, sort: 'stock' },
      { page: 2, sort: 'stock' },
      { page: 1, q: 'fan', sort: 'stock' },
      { page: 1, q: 'fan', sort: '-stock' },
    ]);
  });

  it('says so when nothing matches', async () => {
    server = fakeServer({
      'GET /api/v1/admin/products': {
        data: [],
        headers: { 'x-total-count': '0', 'x-page-size': '50' },
      },
    });
    renderRoutes(routes, '/dashboard/admin/products');
    expect(await screen.findByText('No Products Found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
