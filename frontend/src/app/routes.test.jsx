// The admin's coupons and sales screens are routes of the admin group, behind the admin
// guard, and the admin menu links to them.
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { Outlet } from 'react-router-dom';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { renderRoutes } from '../features/auth/testing/renderRoutes';
import { AUTH_KEY } from '../constants/storageKeys';
import { paths } from '../config/paths';
import { routes } from './routes';

let server;
afterEach(() => {
  server?.restore();
  toast.remove();
  window.localStorage.clear();
});

// Opens `path` signed in as an admin, the server answering `answers` too.
function openAsAdmin(path, answers) {
  window.localStorage.setItem(
    AUTH_KEY,
    JSON.stringify({ token: 'tok', user: { name: 'Admin', address: '', role: 1 } }),
  );
  server = fakeServer({
    'GET /api/v1/auth/admin-auth': { data: { ok: true } },
    'GET /api/v1/category/get-category': { data: { success: true, category: [] } },
    ...answers,
  });
  const app = [
    {
      element: (
        <Suspense fallback={<p>Loading ...</p>}>
          <Outlet />
        </Suspense>
      ),
      children: routes,
    },
  ];
  renderRoutes(app, path);
}

async function expectScreen(title, path) {
  expect(
    await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10000 }),
  ).toBeInTheDocument();
  const menu = screen.getByRole('navigation', { name: 'Admin Panel' });
  const link = within(menu).getByRole('link', { name: title });
  expect(link).toHaveAttribute('href', path);
  expect(link).toHaveAttribute('aria-current', 'page');
}

describe('admin promotions routes', () => {
  it('opens /dashboard/admin/coupons for an admin, its menu link current', async () => {
    expect(paths.adminCoupons).toBe('/dashboard/admin/coupons');
    openAsAdmin(paths.adminCoupons, {
      'GET /api/v1/coupons': { data: { success: true, coupons: [] } },
    });
    await expectScreen('Coupons', '/dashboard/admin/coupons');
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
  });

  it('opens /dashboard/admin/sales for an admin, its menu link current', async () => {
    expect(paths.adminSales).toBe('/dashboard/admin/sales');
    openAsAdmin(paths.adminSales, { 'GET /api/v1/sales': { data: { success: true, sales: [] } } });
    await expectScreen('Sales', '/dashboard/admin/sales');
    // Next to Coupons in the menu.
    const links = within(screen.getByRole('navigation', { name: 'Admin Panel' }))
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(links.indexOf('Coupons'), links.indexOf('Coupons') + 2)).toEqual([
      'Coupons',
      'Sales',
    ]);
    expect(await screen.findByText('No sales yet.')).toBeInTheDocument();
  });
});

describe('dashboard route groups (one lazy module each)', () => {
  it('opens the admin dashboard itself, /dashboard/admin', async () => {
    openAsAdmin(paths.adminDashboard, {
      'GET /api/v1/auth/admin-auth': { data: { ok: true } },
    });
    expect(
      await screen.findByRole('navigation', { name: 'Admin Panel' }, { timeout: 10000 }),
    ).toBeInTheDocument();
  });

  it('sends a signed-out visitor of a user screen to login, the path kept', async () => {
    server = fakeServer({});
    const app = [
      {
        element: (
          <Suspense fallback={<p>Loading ...</p>}>
            <Outlet />
          </Suspense>
        ),
        children: routes,
      },
    ];
    renderRoutes(app, paths.userOrders);
    expect(
      await screen.findByText(/Redirecting you in/, {}, { timeout: 10000 }),
    ).toBeInTheDocument();
  });

  it('answers an address under a dashboard that names no screen with the not-found page', async () => {
    openAsAdmin('/dashboard/admin/no-such-screen', {});
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Oops! Page Not Found' },
        { timeout: 10000 },
      ),
    ).toBeInTheDocument();
  });

  it('asks the server before fetching a dashboard: a refused visitor never gets its screens', async () => {
    window.localStorage.setItem(
      AUTH_KEY,
      JSON.stringify({ token: 'tok', user: { name: 'Shopper', address: '', role: 0 } }),
    );
    server = fakeServer({
      'GET /api/v1/auth/admin-auth': { status: 403, data: { success: false, message: 'No' } },
    });
    const app = [
      {
        element: (
          <Suspense fallback={<p>Loading ...</p>}>
            <Outlet />
          </Suspense>
        ),
        children: routes,
      },
    ];
    renderRoutes(app, paths.adminCoupons);
    expect(
      await screen.findByText(/Redirecting you in/, {}, { timeout: 10000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin Panel' })).toBeNull();
    expect(server.calls.map((call) => call.key)).toEqual(['GET /api/v1/auth/admin-auth']);
  });
});
