// The admin's Reviews screen at /dashboard/admin/reviews, against the fake server: the
// table, the views (Newest, Reported, Hidden) and pages in the address, Hide and Publish
// with a toast, and the route and menu link.
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { Outlet } from 'react-router-dom';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import { callsTo, signInAsAdmin } from '../../features/admin/testing/promotionScreen';
import { apiClient } from '../../lib/apiClient';
import { paths } from '../../config/paths';
import { routes as appRoutes } from '../../app/routes';
import AdminReviewsPage from './AdminReviewsPage';

const review = (id, extra = {}) => ({
  _id: id,
  rating: 1,
  title: `Title ${id}`,
  body: 'This is the worst tee I have ever bought and the seller should be ashamed of it, honestly.',
  author: 'Ravi S.',
  verified: true,
  helpful: 0,
  createdAt: '2026-12-01T09:30:00Z',
  status: 'published',
  product: { _id: '41', name: 'Cotton Tee', slug: 'cotton-tee' },
  user: { _id: '7', name: 'Ravi Singh', email: 'ravi@example.com' },
  reported: 2,
  ...extra,
});

let server;
beforeEach(signInAsAdmin);
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
});

const page = (rows, { total = rows.length, size = 20 } = {}) => ({
  data: { success: true, reviews: rows },
  headers: { 'x-total-count': String(total), 'x-page-size': String(size) },
});

const open = (path = paths.adminReviews) =>
  renderRoutes([{ path: paths.adminReviews, element: <AdminReviewsPage /> }], path);

const rowOf = (id) => screen.getByTestId(`admin-review-${id}`);

describe('Reviews (admin)', () => {
  it('lists product, author, rating, title, excerpt, reports, status and the action', async () => {
    server = fakeServer({
      'GET /api/v1/reviews': page([review('1'), review('2', { status: 'hidden', reported: 0 })]),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(await screen.findByText('2 reviews')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Author', 'Rating', 'Title', 'Excerpt', 'Reports', 'Status', 'Actions']);
    const first = within(rowOf('1'));
    expect(first.getByRole('link', { name: 'Cotton Tee' })).toHaveAttribute(
      'href',
      '/product/cotton-tee',
    );
    expect(rowOf('1')).toHaveTextContent('Ravi S.ravi@example.comVerified buyer');
    expect(first.getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(first.getByRole('rowheader')).toHaveTextContent('Title 1');
    expect(
      first.getByText(
        'This is the worst tee I have ever bought and the seller should be ashamed of it,...',
      ),
    ).toBeInTheDocument();
    expect(first.getByText('Published')).toHaveClass('badge');
    expect(first.getByRole('button', { name: 'Hide review: Title 1' })).toBeInTheDocument();
    expect(within(rowOf('2')).getByText('Hidden')).toHaveClass('badge');
    expect(
      within(rowOf('2')).getByRole('button', { name: 'Publish review: Title 2' }),
    ).toBeInTheDocument();
  });

  it('shows the view and page asked for, kept in the address', async () => {
    const user = userEvent.setup();
    const get = vi.spyOn(apiClient, 'get');
    server = fakeServer({ 'GET /api/v1/reviews': page([review('1')], { total: 45 }) });
    const { router } = open();
    expect(await screen.findByText('45 reviews')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(
      '/api/v1/reviews',
      expect.objectContaining({ params: { page: 1 } }),
    );
    await user.selectOptions(screen.getByLabelText('Show'), 'Reported');
    expect(router.state.location.search).toBe('?status=reported');
    await screen.findByText('45 reviews');
    expect(get).toHaveBeenLastCalledWith(
      '/api/v1/reviews',
      expect.objectContaining({ params: { page: 1, status: 'reported' } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(router.state.location.search).toBe('?status=reported&page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith(
      '/api/v1/reviews',
      expect.objectContaining({ params: { page: 2, status: 'reported' } }),
    );
    expect(
      within(screen.getByLabelText('Show'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest', 'Reported', 'Hidden']);
    get.mockRestore();
  });

  it('hides a review and publishes it again, the row and a toast saying so', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      'GET /api/v1/reviews': page([review('1')]),
      'PUT /api/v1/reviews/1/status': (body) => ({
        data: { success: true, review: review('1', { status: body.status }) },
      }),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Hide review: Title 1' }));
    expect(await screen.findByText('Review hidden: Title 1')).toBeInTheDocument();
    expect(within(rowOf('1')).getByText('Hidden')).toHaveClass('badge');
    expect(document.activeElement).toHaveAttribute('id', 'review-status-1');
    await user.click(within(rowOf('1')).getByRole('button', { name: 'Publish review: Title 1' }));
    expect(await screen.findByText('Review published: Title 1')).toBeInTheDocument();
    expect(callsTo(server, 'PUT /api/v1/reviews/1/status').map((c) => c.body)).toEqual([
      { status: 'hidden' },
      { status: 'published' },
    ]);
  });

  it('says the server’s refusal and leaves the row as it was', async () => {
    const user = userEvent.setup();
    server = fakeServer({
      'GET /api/v1/reviews': page([review('1')]),
      'PUT /api/v1/reviews/1/status': {
        status: 404,
        data: { success: false, message: 'Review not found' },
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Hide review: Title 1' }));
    expect(await screen.findByText('Review not found')).toBeInTheDocument();
    expect(within(rowOf('1')).getByText('Published')).toBeInTheDocument();
  });

  it('is a route of the admin group with its menu link, after Returns', async () => {
    server = fakeServer({
      'GET /api/v1/auth/admin-auth': { data: { ok: true } },
      'GET /api/v1/category/get-category': { data: { success: true, category: [] } },
      'GET /api/v1/reviews': page([]),
    });
    renderRoutes(
      [
        {
          element: (
            <Suspense fallback={<p>Loading ...</p>}>
              <Outlet />
            </Suspense>
          ),
          children: appRoutes,
        },
      ],
      '/dashboard/admin/reviews',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reviews' }, { timeout: 10000 }),
    ).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Admin Panel' });
    const link = within(menu).getByRole('link', { name: 'Reviews' });
    expect(link).toHaveAttribute('href', '/dashboard/admin/reviews');
    expect(link).toHaveAttribute('aria-current', 'page');
    const labels = within(menu)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels[labels.indexOf('Returns') + 1]).toBe('Reviews');
    expect(await screen.findByText('No reviews.')).toBeInTheDocument();
  });
});
