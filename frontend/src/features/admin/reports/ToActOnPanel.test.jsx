// The dashboard's "Orders to act on" against the fake server: only what waits is listed,
// each a link to the screen that acts on it, the oldest orders linked to themselves on All
// Orders with their age; nothing waiting, loading, a failure and its retry.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { fakeServer } from '../../auth/testing/fakeServer';
import { signInAsAdmin } from '../testing/promotionScreen';
import ToActOnPanel from './ToActOnPanel';

const URL = 'GET /api/v1/reports/to-act-on';
const waitingOrder = (id, hours, total, method = 'cod') => ({
  _id: id,
  createdAt: '2026-03-12T04:00:00+05:30',
  ageHours: hours,
  total,
  paymentMethod: method,
});
const NONE = {
  notProcessed: { count: 0, since: null, orders: [] },
  lateToShip: { count: 0, since: null, days: 2, orders: [] },
  overdueDelivery: { count: 0, since: null },
  returns: { count: 0, since: null },
  reviews: { count: 0, since: null },
};
const SOME = {
  ...NONE,
  notProcessed: {
    count: 7,
    since: '2026-03-12T03:30:00+05:30',
    orders: [waitingOrder(31, 200, 499.5), waitingOrder(35, 5, 1299, 'razorpay')],
  },
  lateToShip: {
    count: 1,
    since: '2026-03-18T11:00:00+05:30',
    days: 2,
    orders: [waitingOrder(28, 49, 250)],
  },
  returns: { count: 2, since: '2026-03-19T10:00:00+05:30' },
  reviews: { count: 1, since: '2026-03-20T09:00:00+05:30' },
};

let server;
beforeEach(() => {
  // 20 March 2026, 11:30 in India.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-20T06:00:00Z') });
  signInAsAdmin();
});
afterEach(() => {
  server?.restore();
  server = undefined;
  vi.useRealTimers();
});

const show = (answer) => {
  server = fakeServer({ [URL]: answer });
  render(
    <MemoryRouter>
      <ToActOnPanel />
    </MemoryRouter>,
  );
};

describe('Orders to act on', () => {
  it('lists only what waits, each linked to the screen that acts on it', async () => {
    show({ data: { success: true, toActOn: SOME } });
    const region = screen.getByRole('region', { name: 'Orders to act on' });
    expect(within(region).getByText('Loading what needs you ...')).toBeInTheDocument();
    const list = await within(region).findByRole('list', { name: 'Orders to act on' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items.map((item) => item.firstChild.textContent)).toEqual([
      '7 orders waiting to be processed',
      '1 order in Processing for more than 2 days, not shipped',
      '2 return requests waiting',
      '1 reported review to moderate',
    ]);
    expect(items.map((item) => item.firstChild.getAttribute('href'))).toEqual([
      '/dashboard/admin/orders?status=Not%20Processed',
      '/dashboard/admin/orders?status=Processing',
      '/dashboard/admin/returns?status=Requested',
      '/dashboard/admin/reviews?status=reported',
    ]);
    expect(items[0]).toHaveTextContent('the oldest for 8 days');
    expect(items[2]).toHaveTextContent('2 return requests waiting, the oldest for 1 day');
    expect(items[3]).toHaveTextContent('the oldest for 2 hours');
    const oldest = within(items[0]).getByRole('link', { name: 'Order #31' });
    expect(oldest).toHaveAttribute('href', '/dashboard/admin/orders?q=%2331');
    expect(oldest.parentElement).toHaveTextContent(
      'Order #31, placed 8 days ago, ₹499.50, cash on delivery',
    );
    expect(
      within(items[0]).getByRole('link', { name: 'Order #35' }).parentElement,
    ).toHaveTextContent('placed 5 hours ago, ₹1,299.00, paid online');
    expect(
      within(items[1]).getByRole('link', { name: 'Order #28' }).parentElement,
    ).toHaveTextContent('placed 2 days ago, ₹250.00');
    expect(screen.queryByText(/past the expected delivery day/)).toBeNull();
  });

  it('lists shipped orders past their delivery day, and leaves out a source not installed', async () => {
    const { reviews, ...withoutReviews } = NONE;
    expect(reviews.count).toBe(0);
    show({
      data: {
        success: true,
        toActOn: { ...withoutReviews, overdueDelivery: { count: 3, since: '2026-03-17' } },
      },
    });
    const link = await screen.findByRole('link', {
      name: '3 shipped orders past the expected delivery day',
    });
    expect(link).toHaveAttribute('href', '/dashboard/admin/orders?status=Shipped');
  });

  it('says when nothing waits', async () => {
    show({ data: { success: true, toActOn: NONE } });
    expect(await screen.findByText('Nothing waits for you just now.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says when the list could not be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    let fail = true;
    show(() =>
      fail
        ? { status: 503, data: { success: false, message: 'The shop is busy; try again.' } }
        : { data: { success: true, toActOn: NONE } },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The shop is busy; try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing waits for you just now.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
