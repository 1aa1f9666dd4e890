// A 401 ends the session only when it refuses the token stored now: an answer to a call
// sent before a fresh login (or before a password change issued a new token) must not log
// the shopper out of the new session.
import { act, renderHook, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../lib/apiClient';
import { AUTH_KEY } from '../../constants/storageKeys';
import { AuthProvider, useAuth } from './AuthContext';
import { userAuth } from './api';

const OLD = { user: { name: 'Asha', role: 0 }, token: 'old-token' };
const FRESH = { user: { name: 'Asha', role: 0 }, token: 'fresh-token' };

// The transport: each call waits until the test answers it.
let pending;
let originalAdapter;
beforeEach(() => {
  pending = [];
  originalAdapter = apiClient.defaults.adapter;
  apiClient.defaults.adapter = (config) =>
    new Promise((resolve, reject) => {
      const refuse = () => {
        const response = { status: 401, statusText: '401', data: {}, headers: {}, config };
        const error = new Error('Request failed with status code 401');
        reject(Object.assign(error, { response, config, isAxiosError: true }));
      };
      pending.push({ token: config.headers.Authorization, refuse });
    });
});
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
  act(() => toast.remove());
});

const stored = () => JSON.parse(window.localStorage.getItem(AUTH_KEY));

function renderAuth() {
  window.localStorage.setItem(AUTH_KEY, JSON.stringify(OLD));
  return renderHook(() => useAuth(), { wrapper: AuthProvider });
}

describe('AuthProvider and a refused token', () => {
  it('keeps a fresh login when a call sent with the old token answers 401 late', async () => {
    const { result } = renderAuth();
    const late = userAuth().catch((error) => error);
    await waitFor(() => expect(pending).toHaveLength(1));
    expect(pending[0].token).toBe('old-token');

    act(() => result.current.setAuth(FRESH));
    await act(async () => {
      pending[0].refuse();
      await late;
    });

    expect(result.current.auth).toEqual(FRESH);
    expect(stored()).toEqual(FRESH);
  });

  it('keeps a new token stored in the same turn as other updates when an older call answers 401 late', async () => {
    const { result } = renderAuth();
    const late = userAuth().catch((error) => error);
    await waitFor(() => expect(pending).toHaveLength(1));

    // Two updates in one turn (React renders the second one later), then the late
    // refusal: the stored token must already be the new one when the refusal is judged.
    await act(async () => {
      result.current.setAuth((current) => ({ ...current, user: { ...current.user, phone: '9' } }));
      result.current.setAuth((current) => ({ ...current, token: 'fresh-token' }));
      pending[0].refuse();
      await late;
    });

    expect(result.current.auth).toEqual({
      user: { ...OLD.user, phone: '9' },
      token: 'fresh-token',
    });
    expect(stored()).toEqual(result.current.auth);
  });

  it('clears the session when the stored token itself is refused', async () => {
    const { result } = renderAuth();
    const call = userAuth().catch((error) => error);
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => {
      pending[0].refuse();
      await call;
    });

    expect(result.current.auth).toEqual({ user: null, token: '' });
    expect(window.localStorage.getItem(AUTH_KEY)).toBeNull();
  });
});
