// A call refused because the session ended is said once: the session's own toast
// (AuthContext, told by apiClient's interceptor) and the screen that made the call and
// reports its failure say the same sentence, which lib/toast.js shows as one toast.
// Before, the screen's toast said the server's "Your session has expired. ..." under the
// session's "Your session has ended. ...": two toasts for one event, on the orders, the
// order, checkout, the profile's save ...
import { act, render, screen } from '@testing-library/react';
import { Toaster, useToasterStore } from 'react-hot-toast';
import rawToast from 'react-hot-toast';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import toast from './toast';
import { errorMessage } from './apiClient';
import { AUTH_KEY } from '../constants/storageKeys';
import { MESSAGES } from '../constants/messages';
import { AuthProvider } from '../features/auth/AuthContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { cancelOrder, getMyOrders } from '../features/orders/api';
import { updateProfile } from '../features/auth/api';
import { DismissErrorsOnNavigation } from '../components/ToastArea';

vi.setConfig({ testTimeout: 20_000 });

// What the server answers for a token it no longer takes (shop/api/exceptions.py).
const ENDED = {
  status: 401,
  data: { success: false, message: 'Your session has expired. Please log in again.' },
};

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  rawToast.remove();
  window.localStorage.clear();
});

const storeSession = () =>
  window.localStorage.setItem(
    AUTH_KEY,
    JSON.stringify({ user: { name: 'Asha', email: 'asha@example.com', role: 0 }, token: 'tok-1' }),
  );

let shown = [];
function Shown() {
  const { toasts } = useToasterStore();
  shown = toasts.filter((t) => t.visible);
  return null;
}

function renderApp() {
  return render(
    <AuthProvider>
      <Toaster />
      <Shown />
      <MemoryRouter>
        <DismissErrorsOnNavigation />
      </MemoryRouter>
    </AuthProvider>,
  );
}

// How the screens report a failed call: the server's sentence, else the catalogue's.
const report = (error) => toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
// The profile page reads the answer's `error` or `message` itself.
const reportProfile = (error) =>
  toast.error(
    error?.response?.data?.error || error?.response?.data?.message || MESSAGES.somethingWentWrong,
  );

describe('a call refused for an ended session', () => {
  it.each([
    ['the orders list', () => getMyOrders().catch(report), 'GET /api/v1/auth/orders'],
    ['an order cancelled', () => cancelOrder(7).catch(report), 'POST /api/v1/orders/7/cancel'],
    [
      'the profile saved',
      () => updateProfile({ name: 'Asha' }).catch(reportProfile),
      'PUT /api/v1/auth/profile',
    ],
  ])('shows one toast, the session’s, for %s', async (_, call, route) => {
    storeSession();
    server = fakeServer({ [route]: ENDED });
    renderApp();

    await act(async () => {
      await call();
    });

    expect(window.localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(shown.map((t) => t.message)).toEqual([MESSAGES.sessionExpired]);
    expect(screen.getAllByText(MESSAGES.sessionExpired)).toHaveLength(1);
  });

  it('keeps other 401s as the server says them (a wrong password is not an ended session)', async () => {
    server = fakeServer({
      'GET /api/v1/auth/orders': {
        status: 401,
        data: { success: false, message: 'Please log in to continue.' },
      },
    });
    renderApp();

    await act(async () => {
      await getMyOrders().catch(report);
    });

    expect(shown.map((t) => t.message)).toEqual(['Please log in to continue.']);
  });
});
