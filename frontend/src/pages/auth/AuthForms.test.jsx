import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_KEY } from '../../constants/storageKeys';
import { MESSAGES } from '../../constants/messages';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes, WhereAmI } from '../../features/auth/testing/renderRoutes';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';
import ResetPasswordPage from './ResetPasswordPage';

// Generous limits (per test, per find*): rendering whole screens in jsdom is slow on a busy CI machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

// Types a value in one go (a paste), so the forms are exercised without a keystroke per
// character: these tests check behaviour, and loaded CI machines stay well inside limits.
async function fill(user, input, value) {
  await user.click(input);
  await user.paste(value);
}

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password/:uid/:token', element: <ResetPasswordPage /> },
  { path: '*', element: <WhereAmI /> },
];

const REGISTER_LABELS = [
  'Name',
  'Email address',
  'Password',
  'Phone',
  'Address',
  'Favorite Sports',
];

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
});

const toastWith = (text) => within(document.body).findByText(text, { selector: '[role=status]' });

describe('Register', () => {
  it('ties a required label to each of the six inputs, with an email input and a masked password', () => {
    renderRoutes(routes, '/register');
    REGISTER_LABELS.forEach((label) => {
      expect(screen.getByLabelText(label)).toBeRequired();
    });
    expect(screen.getByLabelText('Email address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'REGISTER' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('sends nothing while fields are empty, names every missing one and focuses the first', async () => {
    server = fakeServer({});
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fill(user, screen.getByLabelText('Name'), 'Asha');
    await user.click(screen.getByRole('button', { name: 'REGISTER' }));

    expect(server.calls).toEqual([]);
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    REGISTER_LABELS.slice(1).forEach((label) => {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      // The security answer also keeps its hint, read after the error.
      expect(input).toHaveAccessibleDescription(
        expect.stringMatching(new RegExp(`^${MESSAGES.fieldRequired(label)}`)),
      );
    });
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.formHasErrors);
  });

  it('rejects a malformed email before calling the server', async () => {
    server = fakeServer({});
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    for (const label of REGISTER_LABELS) await fill(user, screen.getByLabelText(label), 'x');
    await user.click(screen.getByRole('button', { name: 'REGISTER' }));

    expect(server.calls).toEqual([]);
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(
      MESSAGES.invalidEmail,
    );
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });

  it('rejects a phone that is not an Indian mobile before calling the server', async () => {
    server = fakeServer({});
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fill(user, screen.getByLabelText('Name'), 'Asha Rao');
    await fill(user, screen.getByLabelText('Email address'), 'asha@example.com');
    await fill(user, screen.getByLabelText('Password'), 'Long-Pass-2026!');
    await fill(user, screen.getByLabelText('Phone'), '+91 12345 67890');
    await fill(user, screen.getByLabelText('Address'), '12 MG Road, Pune');
    await fill(user, screen.getByLabelText('Favorite Sports'), 'Cricket');
    await user.click(screen.getByRole('button', { name: 'REGISTER' }));

    expect(server.calls).toEqual([]);
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(MESSAGES.invalidPhone);
    expect(screen.getByLabelText('Phone')).toHaveFocus();
  });

  async function fillRegister(user) {
    await fill(user, screen.getByLabelText('Name'), 'Asha Rao');
    await fill(user, screen.getByLabelText('Email address'), ' asha@example.com ');
    await fill(user, screen.getByLabelText('Password'), 'Long-Pass-2026!');
    await fill(user, screen.getByLabelText('Phone'), '9876543210');
    await fill(user, screen.getByLabelText('Address'), '12 MG Road, Pune');
    await fill(user, screen.getByLabelText('Favorite Sports'), 'Cricket');
    await user.click(screen.getByRole('button', { name: 'REGISTER' }));
  }

  it('posts the six fields with the sport as answer, toasts the server message and goes to /login', async () => {
    server = fakeServer({
      'POST /api/v1/auth/register': {
        status: 201,
        data: { success: true, message: 'Registered successfully. Please log in.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fillRegister(user);

    expect(await screen.findByRole('heading', { name: 'LOGIN FORM' })).toBeInTheDocument();
    expect(server.calls[0].body).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      password: 'Long-Pass-2026!',
      phone: '9876543210',
      address: '12 MG Road, Pune',
      answer: 'Cricket',
    });
    expect(await toastWith('Registered successfully. Please log in.')).toBeInTheDocument();
  });

  it('shows a refused password once, beside its field, and stays', async () => {
    server = fakeServer({
      'POST /api/v1/auth/register': {
        status: 400,
        data: {
          success: false,
          message: 'This password is too common.',
          errors: { password: ['This password is too common.'] },
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fillRegister(user);

    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'This password is too common.',
    );
    expect(within(document.body).getAllByText('This password is too common.')).toHaveLength(1);
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('says Something went wrong and logs when the call throws', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server = fakeServer({ 'POST /api/v1/auth/register': () => new Error('Network Error') });
    const user = userEvent.setup();
    renderRoutes(routes, '/register');
    await fillRegister(user);

    expect(await toastWith(MESSAGES.somethingWentWrong)).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });
});

describe('Login', () => {
  const loginOk = {
    'POST /api/v1/auth/login': {
      data: {
        success: true,
        message: 'login successfully',
        user: { _id: '1', name: 'Asha', email: 'asha@example.com', role: 0 },
        token: 'tok-9',
      },
    },
  };

  it('has labelled fields without required markers, the buttons, the register link and the terms and privacy links', () => {
    renderRoutes(routes, '/login');
    expect(screen.getByLabelText('Email address')).not.toBeRequired();
    expect(screen.getByLabelText('Password')).not.toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register here' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/policy');
  });

  it('Forgot Password goes to /forgot-password', async () => {
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(screen.getByRole('button', { name: 'Email Me a Reset Link' })).toBeInTheDocument();
  });

  async function logIn(user) {
    await fill(user, screen.getByLabelText('Email address'), 'asha@example.com');
    await fill(user, screen.getByLabelText('Password'), 'Long-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
  }

  it('stores the login response under auth and returns to the path it was sent from', async () => {
    server = fakeServer(loginOk);
    const user = userEvent.setup();
    renderRoutes(routes, '/login', { from: '/cart' });
    await logIn(user);

    expect(await screen.findByTestId('where')).toHaveTextContent('/cart');
    expect(JSON.parse(window.localStorage.getItem(AUTH_KEY))).toEqual({
      user: { _id: '1', name: 'Asha', email: 'asha@example.com', role: 0 },
      token: 'tok-9',
    });
    expect(await toastWith('login successfully')).toBeInTheDocument();
  });

  it('goes to / when nobody sent the visitor, and never to another origin', async () => {
    server = fakeServer(loginOk);
    const user = userEvent.setup();
    renderRoutes(routes, '/login', { from: '//evil.example.com/x' });
    await logIn(user);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/ /));
  });

  it('takes an admin to the dashboard, unless a page sent them here', async () => {
    const admin = { ...loginOk['POST /api/v1/auth/login'].data.user, role: 1 };
    const answer = { data: { ...loginOk['POST /api/v1/auth/login'].data, user: admin } };
    server = fakeServer({ 'POST /api/v1/auth/login': answer });
    const user = userEvent.setup();
    const { unmount } = renderRoutes(routes, '/login');
    await logIn(user);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/admin /),
    );
    unmount();
    window.localStorage.clear();
    renderRoutes(routes, '/login', { from: '/dashboard/admin/orders' });
    await logIn(user);
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard\/admin\/orders /),
    );
  });

  it('shows the server message on wrong credentials and stores nothing', async () => {
    server = fakeServer({
      'POST /api/v1/auth/login': {
        status: 401,
        data: { success: false, message: 'Invalid email or password' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await logIn(user);

    expect(await toastWith('Invalid email or password')).toBeInTheDocument();
    expect(window.localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(screen.queryByText(MESSAGES.sessionExpired)).toBeNull();
  });
});

describe('Forgot password', () => {
  it('offers the emailed link first and answers the same whatever the address', async () => {
    const sent = 'If an account uses that email, a reset link is on its way.';
    server = fakeServer({
      'POST /api/v1/auth/password-reset': { data: { success: true, message: sent } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot-password');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(screen.queryByLabelText('Favorite Sport Name')).toBeNull();
    await fill(user, screen.getByLabelText('Email address'), ' asha@example.com ');
    await user.click(screen.getByRole('button', { name: 'Email Me a Reset Link' }));

    expect(await screen.findByText(sent, { selector: 'p' })).toBeInTheDocument();
    expect(server.calls.map((call) => [call.key, call.body])).toEqual([
      ['POST /api/v1/auth/password-reset', { email: 'asha@example.com' }],
    ]);
  });

  it('requires the three fields and names them', async () => {
    server = fakeServer({});
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Use My Security Question Instead' }));
    await user.click(screen.getByRole('button', { name: 'RESET' }));

    expect(server.calls).toEqual([]);
    ['Email address', 'Favorite Sport Name', 'New Password'].forEach((label) => {
      expect(screen.getByLabelText(label)).toBeRequired();
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
        MESSAGES.fieldRequired(label),
      );
    });
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });

  it('sends email, answer and newPassword, then goes to /login', async () => {
    server = fakeServer({
      'POST /api/v1/auth/forgot-password': {
        data: { success: true, message: 'Your password has been reset. Please log in.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Use My Security Question Instead' }));
    await fill(user, screen.getByLabelText('Email address'), 'asha@example.com');
    await fill(user, screen.getByLabelText('Favorite Sport Name'), 'cricket');
    await fill(user, screen.getByLabelText('New Password'), 'New-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'RESET' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(server.calls[0].body).toEqual({
      email: 'asha@example.com',
      answer: 'cricket',
      newPassword: 'New-Pass-2026!',
    });
  });
});

describe('Reset password from the emailed link', () => {
  it('sends the link parts with the new password, then goes to /login', async () => {
    server = fakeServer({
      'POST /api/v1/auth/password-reset/confirm': {
        data: { success: true, message: 'Your password has been reset. Please log in.' },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/reset-password/MQ/abc-123');
    expect(screen.getByLabelText('New Password')).toHaveFocus();
    await fill(user, screen.getByLabelText('New Password'), 'New-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(server.calls[0].body).toEqual({
      uid: 'MQ',
      token: 'abc-123',
      newPassword: 'New-Pass-2026!',
    });
  });

  it('says when a link is used or expired', async () => {
    const bad = 'This reset link is invalid, already used or expired. Please ask for a new one.';
    server = fakeServer({
      'POST /api/v1/auth/password-reset/confirm': {
        status: 400,
        data: { success: false, message: bad },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/reset-password/MQ/used');
    await fill(user, screen.getByLabelText('New Password'), 'New-Pass-2026!');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));

    expect(await screen.findByText(bad, { selector: '[role=alert]' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new reset link' })).toBeInTheDocument();
  });
});

describe('Register explains the security answer', () => {
  it('describes the Favorite Sports field with what the answer is for', () => {
    renderRoutes(routes, '/register');
    expect(screen.getByLabelText('Favorite Sports')).toHaveAccessibleDescription(
      MESSAGES.answerHint,
    );
  });
});
