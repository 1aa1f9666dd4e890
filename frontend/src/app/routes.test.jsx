// The admin's coupons screen is a route of the admin group, behind the admin guard, and
// the admin menu links to it.
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

describe('admin coupons route', () => {
  it('opens /dashboard/admin/coupons for an admin, its menu link current', async () => {
    expect(paths.adminCoupons).toBe('/dashboard/admin/coupons');
    window.localStorage.setItem(
      AUTH_KEY,
      JSON.stringify({ token: 'tok', user: { name: 'Admin', address: '', role: 1 } }),
    );
    server = fakeServer({
      'GET /api/v1/auth/admin-auth': { data: { ok: true } },
      'GET /api/v1/category/get-category': { data: { success: true, category: [] } },
      'GET /api/v1/coupons': { data: { success: true, coupons: [] } },
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
      await screen.findByRole('heading', { level: 1, name: 'Coupons' }, { timeout: 10000 }),
    ).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Admin Panel' });
    const link = within(menu).getByRole('link', { name: 'Coupons' });
    expect(link).toHaveAttribute('href', '/dashboard/admin/coupons');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
  });
});
