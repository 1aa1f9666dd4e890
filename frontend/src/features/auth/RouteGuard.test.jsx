import { act, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_KEY } from '../../constants/storageKeys';
import { MESSAGES } from '../../constants/messages';
import { RequireAdmin, RequireUser } from './RouteGuard';
import { fakeServer } from './testing/fakeServer';
import { renderRoutes, WhereAmI } from './testing/renderRoutes';

// A generous limit per test: rendering whole screens in jsdom is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });

const routes = [
  {
    path: '/dashboard/user',
    element: <RequireUser />,
    children: [
      { index: true, element: <p>user home</p> },
      { path: 'profile', element: <p>user profile</p> },
    ],
  },
  {
    path: '/dashboard/admin',
    element: <RequireAdmin />,
    children: [{ index: true, element: <p>admin home</p> }],
  },
  { path: '/login', element: <WhereAmI /> },
  { path: '/', element: <WhereAmI /> },
];

const storeSession = (role = 0) =>
  window.localStorage.setItem(
    AUTH_KEY,
    JSON.stringify({ user: { name: 'Asha', email: 'asha@example.com', role }, token: 'tok-1' }),
  );

// Let pending promises (the fake server's answers) settle, then move the clock.
const tick = (ms) => act(() => vi.advanceTimersByTimeAsync(ms));
const countdown = () => screen.getByText(/^Redirecting you in/);

let server;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  server?.restore();
  toast.remove();
  vi.useRealTimers();
});

describe('RequireUser', () => {
  it('counts down from 3 without asking the server when there is no token, then goes to /login carrying the path', async () => {
    server = fakeServer({});
    renderRoutes(routes, '/dashboard/user/profile');

    expect(countdown()).toHaveTextContent('Redirecting you in 3 seconds');
    expect(countdown()).toHaveAttribute('role', 'status');
    expect(
      screen.getByRole('heading', { name: 'Please sign in to see your profile' }),
    ).toBeInTheDocument();
    await tick(1000);
    expect(countdown()).toHaveTextContent('Redirecting you in 2 seconds');
    await tick(1000);
    expect(countdown()).toHaveTextContent('Redirecting you in 1 second');
    expect(screen.queryByTestId('where')).toBeNull();
    await tick(1000);

    expect(screen.getByTestId('where')).toHaveTextContent(
      '/login {"from":"/dashboard/user/profile"}',
    );
    expect(screen.queryByText('user profile')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('renders the page once user-auth answers ok, sending the stored token', async () => {
    storeSession();
    server = fakeServer({ 'GET /api/v1/auth/user-auth': { data: { ok: true } } });
    renderRoutes(routes, '/dashboard/user');

    await tick(0);
    expect(screen.getByText('user home')).toBeInTheDocument();
    expect(server.calls).toEqual([
      { key: 'GET /api/v1/auth/user-auth', body: undefined, authorization: 'tok-1' },
    ]);
    // The countdown is gone for good: nothing navigates away later.
    await tick(5000);
    expect(screen.getByText('user home')).toBeInTheDocument();
  });

  it('does not render the page on an answer other than ok: true', async () => {
    storeSession();
    server = fakeServer({ 'GET /api/v1/auth/user-auth': { data: { ok: false } } });
    renderRoutes(routes, '/dashboard/user');

    await tick(0);
    expect(screen.queryByText('user home')).toBeNull();
    await tick(3000);
    expect(screen.getByTestId('where')).toHaveTextContent('/login {"from":"/dashboard/user"}');
  });

  it('clears a session whose token the server refuses, says so, and redirects to /login', async () => {
    storeSession();
    server = fakeServer({
      'GET /api/v1/auth/user-auth': { status: 401, data: { success: false, message: 'x' } },
    });
    renderRoutes(routes, '/dashboard/user');

    await tick(0);
    expect(window.localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(screen.getByText(MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(screen.queryByText('user home')).toBeNull();
    await tick(3000);
    expect(screen.getByTestId('where')).toHaveTextContent('/login {"from":"/dashboard/user"}');
  });
});

describe('a slow or failing network', () => {
  const later = (ms, answer) => () =>
    new Promise((resolve) => {
      setTimeout(() => resolve(answer), ms);
    });

  it('waits for a slow user-auth with a loading state, never counting down, then renders the page', async () => {
    storeSession();
    server = fakeServer({ 'GET /api/v1/auth/user-auth': later(5000, { data: { ok: true } }) });
    renderRoutes(routes, '/dashboard/user/profile');

    await tick(0);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.checkingSession);
    await tick(4000);
    expect(screen.queryByText(/Redirecting you in/)).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
    await tick(1000);
    expect(screen.getByText('user profile')).toBeInTheDocument();
    expect(window.localStorage.getItem(AUTH_KEY)).not.toBeNull();
  });

  it('shows admins a loading state, not the countdown, while admin-auth is slow', async () => {
    storeSession(1);
    server = fakeServer({ 'GET /api/v1/auth/admin-auth': later(2000, { data: { ok: true } }) });
    renderRoutes(routes, '/dashboard/admin');

    await tick(1000);
    expect(screen.queryByText(/Redirecting you in/)).toBeNull();
    expect(screen.getByText(MESSAGES.checkingSession)).toBeInTheDocument();
    await tick(1000);
    expect(screen.getByText('admin home')).toBeInTheDocument();
  });

  it('keeps the session and offers a retry when the server cannot be reached', async () => {
    storeSession();
    let answer = new Error('Network Error');
    server = fakeServer({ 'GET /api/v1/auth/user-auth': () => answer });
    renderRoutes(routes, '/dashboard/user');

    await tick(0);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.sessionCheckFailed);
    await tick(5000);
    expect(screen.queryByTestId('where')).toBeNull();
    expect(window.localStorage.getItem(AUTH_KEY)).not.toBeNull();

    answer = { data: { ok: true } };
    act(() => screen.getByRole('button', { name: 'Try Again' }).click());
    await tick(0);
    expect(screen.getByText('user home')).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('sends a shopper (admin-auth refuses with 403) to / after the countdown, keeping the session', async () => {
    storeSession(0);
    server = fakeServer({
      'GET /api/v1/auth/admin-auth': { status: 403, data: { success: false, message: 'no' } },
    });
    renderRoutes(routes, '/dashboard/admin');

    await tick(0);
    expect(countdown()).toHaveTextContent('Redirecting you in 3 seconds');
    await tick(3000);
    expect(screen.getByTestId('where')).toHaveTextContent('/ null');
    expect(screen.queryByText('admin home')).toBeNull();
    expect(window.localStorage.getItem(AUTH_KEY)).not.toBeNull();
  });

  it('renders the admin page when admin-auth answers ok', async () => {
    storeSession(1);
    server = fakeServer({ 'GET /api/v1/auth/admin-auth': { data: { ok: true } } });
    renderRoutes(routes, '/dashboard/admin');

    await tick(0);
    expect(screen.getByText('admin home')).toBeInTheDocument();
  });
});
