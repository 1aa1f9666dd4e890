// Update Product and lost updates: the form sends the updatedAt it was loaded with; when
// the server refuses the save because someone else saved the product since (409), the
// page says so clearly and offers to reload, instead of a bare error.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../constants/messages';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import UpdateProductPage from './UpdateProductPage';

const category = { _id: '1', name: 'Electronics', slug: 'electronics' };
const product = (changes = {}) => ({
  _id: '7',
  name: 'Boat Rockerz 450',
  slug: 'boat-rockerz-450',
  description: 'Wireless headphones.',
  price: 1499,
  quantity: 25,
  shipping: 1,
  category,
  createdAt: '2026-11-01T10:00:00.000000Z',
  updatedAt: '2026-11-23T10:00:00.123456Z',
  ...changes,
});
const PRODUCT = 'GET /api/v1/product/get-product/boat-rockerz-450';
const UPDATE = 'PUT /api/v1/product/update-product/7';
const routes = [
  { path: '/dashboard/admin/product/:slug', element: <UpdateProductPage /> },
  { path: '/dashboard/admin/products', element: <p>All products</p> },
];

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
});

function serve(answers, update) {
  const stored = [...answers];
  server = fakeServer({
    'GET /api/v1/category/get-category': { data: { success: true, category: [category] } },
    [PRODUCT]: () => ({
      data: { success: true, product: stored.length > 1 ? stored.shift() : stored[0] },
    }),
    [UPDATE]: update,
  });
}

describe('Update Product', () => {
  it('sends the updatedAt it was loaded with', async () => {
    serve([product()], { data: { success: true, products: product() } });
    renderRoutes(routes, '/dashboard/admin/product/boat-rockerz-450');
    await userEvent.click(await screen.findByRole('button', { name: 'UPDATE PRODUCT' }));

    await waitFor(() => expect(server.calls.some((c) => c.key === UPDATE)).toBe(true));
    const body = server.calls.find((c) => c.key === UPDATE).body;
    expect(body.get('updatedAt')).toBe('2026-11-23T10:00:00.123456Z');
  });

  it('on a 409 for a product saved elsewhere, says so and reloads the newer product', async () => {
    const newer = product({
      name: 'Boat Rockerz 450 Pro',
      updatedAt: '2026-11-23T10:05:00.000000Z',
    });
    serve([product(), newer], {
      status: 409,
      data: { success: false, message: 'This product was changed by someone else.' },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/admin/product/boat-rockerz-450');
    await user.click(await screen.findByRole('button', { name: 'UPDATE PRODUCT' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.productChangedElsewhere);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText('Name')).toHaveValue('Boat Rockerz 450');

    await user.click(screen.getByRole('button', { name: MESSAGES.reloadProduct }));

    expect(await screen.findByDisplayValue('Boat Rockerz 450 Pro')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on a 409 for a duplicate name, shows the server message and no reload notice', async () => {
    serve([product()], {
      status: 409,
      data: { success: false, message: 'Product already exists' },
    });
    renderRoutes(routes, '/dashboard/admin/product/boat-rockerz-450');
    await userEvent.click(await screen.findByRole('button', { name: 'UPDATE PRODUCT' }));

    expect(await screen.findByText('Product already exists')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.productChangedElsewhere)).not.toBeInTheDocument();
  });

  it('sends the variants with their _id and the reordered gallery to update-product', async () => {
    const stored = product({
      options: [{ name: 'Colour', values: ['Black', 'Blue'] }],
      variants: [
        { _id: '17', sku: 'BR-BLK', options: { Colour: 'Black' }, price: 1499, quantity: 20 },
        { _id: '18', sku: 'BR-BLU', options: { Colour: 'Blue' }, price: 1599, quantity: 5 },
      ],
      photos: [
        { _id: '5', url: '/p/5', alt: 'Black, front', option: 'Black', widths: [] },
        { _id: '6', url: '/p/6', alt: 'Blue, front', option: 'Blue', widths: [] },
      ],
    });
    serve([stored], { data: { success: true, product: stored } });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/admin/product/boat-rockerz-450');
    const stock = await screen.findByLabelText('Stock of Blue');
    await user.clear(stock);
    await user.type(stock, '8');
    await user.click(screen.getByRole('button', { name: 'Move Down photo 1' }));
    await user.click(screen.getByRole('button', { name: 'UPDATE PRODUCT' }));

    await waitFor(() => expect(server.calls.some((c) => c.key === UPDATE)).toBe(true));
    const body = server.calls.find((c) => c.key === UPDATE).body;
    expect(JSON.parse(body.get('variants'))).toEqual([
      {
        _id: '17',
        sku: 'BR-BLK',
        options: { Colour: 'Black' },
        price: null,
        quantity: 20,
        mrp: null,
      },
      {
        _id: '18',
        sku: 'BR-BLU',
        options: { Colour: 'Blue' },
        price: 1599,
        quantity: 8,
        mrp: null,
      },
    ]);
    expect(body.get('quantity')).toBe('28');
    expect(JSON.parse(body.get('gallery')).map((entry) => entry._id)).toEqual(['6', '5']);
    expect(await screen.findByText('All products')).toBeInTheDocument();
  });
});
