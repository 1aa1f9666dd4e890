// Registering on the way to checkout: from the cart (or login that the cart sent to) the
// new shopper is signed in with the same e-mail and password and goes back; registering
// from the menu keeps the spec's way to /login.
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_KEY } from '../../constants/storageKeys';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes, WhereAmI } from '../../features/auth/testing/renderRoutes';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '*', element: <WhereAmI /> },
];

const REGISTERED = {
  status: 201,
  data: { success: true, message: 'Registered successfully. Please log in.' },
};
const SIGNED_IN = {
  data: {
    success: true,
    message: 'login successfully',
    user: { _id: '9', name: 'Asha Rao', email: 'asha@example.com', role: 0 },
    token: 'fresh-token',
  },
};

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
});

async function fillRegister(user) {
  const fields = [
    ['Name', 'Asha Rao'],
    ['Email address', ' asha@example.com '],
    ['Password', 'Long-Pass-2026!'],
    ['Phone', '9876543210'],
    ['Address', '12 MG Road, Pune'],
    ['Favorite Sports', 'Cricket'],
  ];
  for (const [label, value] of fields) {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: 'REGISTER' }));
}

const stored = () => JSON.parse(window.localStorage.getItem(AUTH_KEY) ?? 'null');

describe('Register on the way to checkout', () => {
  it('from login that the cart sent to: signs in with the same credentials and returns to the cart', async () => {
    server = fakeServer({
      'POST /api/v1/auth/register': REGISTERED,
      'POST /api/v1/auth/login': SIGNED_IN,
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login', { from: '/cart' });
    await user.click(screen.getByRole('link', { name: 'Register here' }));
    await fillRegister(user);

    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/cart /);
    expect(server.calls.map((call) => call.key)).toEqual([
      'POST /api/v1/auth/register',
      'POST /api/v1/auth/login',
    ]);
    expect(server.calls[1].body).toEqual({
      email: 'asha@example.com',
      password: 'Long-Pass-2026!',
    });
    expect(stored()).toEqual({ user: SIGNED_IN.data.user, token: 'fresh-token' });
    expect(
      await within(document.body).findByText('Registered successfully. Please log in.', {
        selector: '[role=status]',
      }),
    ).toBeInTheDocument();
  });

  it('straight from the cart: the same', async () => {
    server = fakeServer({
      'POST /api/v1/auth/register': REGISTERED,
      'POST /api/v1/auth/login': SIGNED_IN,
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/register', { from: '/cart' });
    await fillRegister(user);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/cart /);
    expect(stored()?.token).toBe('fresh-token');
  });

  it('when the sign-in after it fails: goes to login, which still returns to the cart', async () => {
    server = fakeServer({
      'POST /api/v1/auth/register': REGISTERED,
      'POST /api/v1/auth/login': { status: 429, data: { success: false, message: 'Slow down' } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/register', { from: '/cart' });
    await fillRegister(user);
    expect(await screen.findByRole('heading', { name: 'LOGIN FORM' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/cart' });
    expect(stored()).toBeNull();
  });

  it('from the menu: goes to login as the spec says, without signing in', async () => {
    server = fakeServer({ 'POST /api/v1/auth/register': REGISTERED });
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fillRegister(user);
    expect(await screen.findByRole('heading', { name: 'LOGIN FORM' })).toBeInTheDocument();
    expect(server.calls.map((call) => call.key)).toEqual(['POST /api/v1/auth/register']);
    expect(stored()).toBeNull();
  });
});
