import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_KEY } from '../../constants/storageKeys';
import { MESSAGES } from '../../constants/messages';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import OrdersPage from './OrdersPage';
import ProfilePage from './ProfilePage';
import UserDashboardPage from './UserDashboardPage';

// Generous limits (per test, per find*): rendering whole screens in jsdom is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

// Types a value in one go (a paste), so the forms are exercised without a keystroke per
// character: these tests check behaviour, and loaded CI machines stay well inside limits.
async function fill(user, input, value) {
  await user.click(input);
  await user.paste(value);
}

const USER = {
  _id: '3',
  name: 'Asha',
  email: 'asha@example.com',
  phone: '9876543210',
  address: '',
  role: 0,
};
const routes = [
  { path: '/dashboard/user', element: <UserDashboardPage /> },
  { path: '/dashboard/user/profile', element: <ProfilePage /> },
  { path: '/dashboard/user/orders', element: <OrdersPage /> },
];
const toastWith = (text) => within(document.body).findByText(text, { selector: '[role=status]' });

// The profile page also lists the address book (empty here): its call is answered and
// left out of what the profile form sent.
const ADDRESSES = 'GET /api/v1/auth/addresses';
const serve = (routes) => fakeServer({ [ADDRESSES]: { data: [] }, ...routes });
const sent = () => server.calls.filter((call) => call.key !== ADDRESSES);

let server;
beforeEach(() => {
  window.localStorage.setItem(AUTH_KEY, JSON.stringify({ user: USER, token: 'tok-3' }));
});
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
});

describe('User dashboard', () => {
  it('greets the user, says when there is no address, and Update Address opens the profile form', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/user');
    expect(screen.getByRole('heading', { name: 'Welcome, Asha!' })).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.noAddress)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'href',
      '/dashboard/user/profile',
    );
    expect(within(menu).getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders',
    );
    await user.click(screen.getByRole('button', { name: 'Update Address' }));
    expect(screen.getByRole('heading', { name: 'USER PROFILE' })).toBeInTheDocument();
  });

  it('orders screen says there are none yet', async () => {
    server = fakeServer({ 'GET /api/v1/auth/orders': { data: [] } });
    renderRoutes(routes, '/dashboard/user/orders');
    expect(screen.getByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.noOrders)).toBeInTheDocument();
  });
});

describe('Profile', () => {
  it('shows the stored user with a read-only email', () => {
    renderRoutes(routes, '/dashboard/user/profile');
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Email address')).toHaveValue('asha@example.com');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('replaces the stored user with updatedUser, keeps the token and says so', async () => {
    const updated = { ...USER, address: '7 Park Street, Kolkata' };
    server = serve({
      'PUT /api/v1/auth/profile': {
        data: { success: true, message: 'Profile updated', updatedUser: updated },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/user/profile');
    await fill(user, screen.getByLabelText('Address'), '7 Park Street, Kolkata');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(await toastWith(MESSAGES.profileUpdated)).toBeInTheDocument();
    expect(sent()[0].body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      password: '',
      phone: '9876543210',
      address: '7 Park Street, Kolkata',
    });
    expect(JSON.parse(window.localStorage.getItem(AUTH_KEY))).toEqual({
      user: updated,
      token: 'tok-3',
    });
  });

  it('shows the server error message (decision F5) and keeps the stored user', async () => {
    server = serve({
      'PUT /api/v1/auth/profile': {
        status: 400,
        data: {
          success: false,
          message: 'This password is too short.',
          errors: { password: ['This password is too short.'] },
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/user/profile');
    await fill(user, screen.getByLabelText('Current password'), 'Old-Pass-2026!');
    await fill(user, screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'This password is too short.',
    );
    // Said once, beside the field: not again in a toast or the form's alert.
    expect(within(document.body).getAllByText('This password is too short.')).toHaveLength(1);
    expect(JSON.parse(window.localStorage.getItem(AUTH_KEY)).user).toEqual(USER);
  });

  it('refuses a blank name before sending, naming the field', async () => {
    server = serve({});
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/user/profile');
    await user.clear(screen.getByLabelText('Name'));
    await fill(user, screen.getByLabelText('Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(sent()).toEqual([]);
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
      MESSAGES.fieldRequired('Name'),
    );
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.queryByText(MESSAGES.profileUpdated)).toBeNull();
  });

  it('refuses a phone that is not an Indian mobile before sending', async () => {
    server = serve({});
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/user/profile');
    await user.clear(screen.getByLabelText('Phone'));
    await fill(user, screen.getByLabelText('Phone'), '12345');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(sent()).toEqual([]);
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(MESSAGES.invalidPhone);
  });

  it('asks for the current password with a new one, and sends it as currentPassword', async () => {
    server = serve({
      'PUT /api/v1/auth/profile': {
        data: { success: true, updatedUser: USER, token: 'tok-4' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/user/profile');
    await fill(user, screen.getByLabelText('Password'), 'New-Pass-2027!');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(sent()).toEqual([]);
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      MESSAGES.fieldRequired('Current password'),
    );
    expect(screen.getByLabelText('Current password')).toHaveFocus();

    await fill(user, screen.getByLabelText('Current password'), 'Old-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'UPDATE' }));

    expect(await toastWith(MESSAGES.profileUpdated)).toBeInTheDocument();
    expect(sent()[0].body).toMatchObject({
      password: 'New-Pass-2027!',
      currentPassword: 'Old-Pass-2026!',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('keeps the stored user’s address equal to the default of the address book', async () => {
    const home = {
      _id: 4,
      name: 'Asha',
      phone: '9876543210',
      line1: '7 Park Street',
      line2: '',
      city: 'Kolkata',
      state: 'West Bengal',
      stateCode: '19',
      pincode: '700016',
      isDefault: false,
    };
    let list = [{ ...home, _id: 3, line1: '1 Old Road', isDefault: true }, home];
    server = fakeServer({
      [ADDRESSES]: () => ({ data: list }),
      'PUT /api/v1/auth/addresses/4': () => {
        list = [
          { ...home, isDefault: true },
          { ...list[0], isDefault: false },
        ];
        return { data: { success: true } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/dashboard/user/profile');
    const book = await screen.findByRole('region', { name: 'Address book' });
    await user.click(await within(book).findByRole('button', { name: /Make Default/ }));
    const text = 'Asha, 7 Park Street, Kolkata, West Bengal 700016. Phone 9876543210';
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveValue(text));
    expect(JSON.parse(window.localStorage.getItem(AUTH_KEY)).user.address).toBe(text);
  });
});
