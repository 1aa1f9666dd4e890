// All Products List: photos sized and loaded lazily below the first row, and Load More
// that stops when a page brings nothing new.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import ProductsPage from './ProductsPage';

const product = (n) => ({
  _id: String(n),
  name: `Gadget ${n}`,
  slug: `gadget-${n}`,
  description: `Gadget number ${n}`,
  photo: `/api/v1/product/product-photo/${n}?v=ab${n}`,
  photoWidths: [320, 640],
});

const routes = [{ path: '/dashboard/admin/products', element: <ProductsPage /> }];

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
});

const cards = () => screen.getAllByRole('link', { name: /Gadget \d/ });

describe('Admin products list', () => {
  it('gives every photo its size and responsive sources, loading those below the first row lazily', async () => {
    server = fakeServer({
      'GET /api/v1/product/product-list/1': { data: { products: [1, 2, 3, 4, 5].map(product) } },
      'GET /api/v1/product/product-count': { data: { total: 5 } },
    });
    renderRoutes(routes, '/dashboard/admin/products');
    expect(await screen.findByRole('link', { name: /Gadget 5/ })).toBeInTheDocument();

    const photos = cards().map((card) => within(card).getByRole('img'));
    photos.forEach((img, index) => {
      expect(img).toHaveAttribute('width', '288');
      expect(img).toHaveAttribute('height', '200');
      expect(img).toHaveAttribute('sizes', '18rem');
      expect(img).toHaveAttribute('alt', `Gadget ${index + 1}`);
    });
    expect(photos[0]).toHaveAttribute('src', '/api/v1/product/product-photo/1?v=ab1');
    expect(photos[0]).toHaveAttribute(
      'srcset',
      '/api/v1/product/product-photo/1?v=ab1&w=320 320w, /api/v1/product/product-photo/1?v=ab1&w=640 640w',
    );
    expect(photos.map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it('stops offering Load More when a page adds no new product', async () => {
    // A product created after page 1 was read shifts the pages: page 2 now holds only
    // products already shown, and the count still says there are more.
    server = fakeServer({
      'GET /api/v1/product/product-list/1': { data: { products: [1, 2].map(product) } },
      'GET /api/v1/product/product-list/2': { data: { products: [2].map(product) } },
      'GET /api/v1/product/product-count': { data: { total: 3 } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Load More' }));

    await waitFor(() =>
      expect(server.calls.map((c) => c.key)).toContain('GET /api/v1/product/product-list/2'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Loading ...' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(cards()).toHaveLength(2);
  });

  it('keeps offering Load More while pages bring new products', async () => {
    server = fakeServer({
      'GET /api/v1/product/product-list/1': { data: { products: [1, 2].map(product) } },
      'GET /api/v1/product/product-list/2': { data: { products: [2, 3].map(product) } },
      'GET /api/v1/product/product-count': { data: { total: 5 } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/admin/products');
    await user.click(await screen.findByRole('button', { name: 'Load More' }));

    expect(await screen.findByRole('link', { name: /Gadget 3/ })).toBeInTheDocument();
    expect(cards()).toHaveLength(3);
    expect(await screen.findByRole('button', { name: 'Load More' })).toBeEnabled();
  });

  it('says it is loading instead of showing an empty list', async () => {
    let release;
    const answer = new Promise((resolve) => {
      release = () => resolve({ data: { products: [product(1)] } });
    });
    server = fakeServer({
      'GET /api/v1/product/product-list/1': () => answer,
      'GET /api/v1/product/product-count': { data: { total: 1 } },
    });
    renderRoutes(routes, '/dashboard/admin/products');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading products ...');
    release();
    expect(await screen.findByRole('link', { name: /Gadget 1/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading products ...')).toBeNull();
  });
});
