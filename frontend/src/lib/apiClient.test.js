import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_KEY } from '../constants/storageKeys';
import { apiClient, endsSession, errorMessage, onSessionExpired } from './apiClient';

const failure = (url, status = 401, token = 'abc') => ({
  config: { url, headers: token ? { Authorization: token } : {} },
  response: { status },
});

describe('endsSession', () => {
  it('treats a refused token on an ordinary call as a dead session', () => {
    expect(endsSession(failure('/api/v1/auth/user-auth'), 'abc')).toBe(true);
    expect(endsSession(failure('/api/v1/category/create-category'), 'abc')).toBe(true);
  });
  it('never ends the session for wrong credentials on login, register or reset', () => {
    expect(endsSession(failure('/api/v1/auth/login'), 'abc')).toBe(false);
    expect(endsSession(failure('/api/v1/auth/register'), 'abc')).toBe(false);
    expect(endsSession(failure('/api/v1/auth/forgot-password'), 'abc')).toBe(false);
  });
  it('ignores calls without a token and other statuses', () => {
    expect(endsSession(failure('/api/v1/auth/user-auth', 401, null), 'abc')).toBe(false);
    expect(endsSession(failure('/api/v1/auth/user-auth', 403), 'abc')).toBe(false);
    expect(endsSession({ message: 'Network Error' }, 'abc')).toBe(false);
  });
  it('leaves a newer session alone when a call sent with an older token answers 401 late', () => {
    expect(endsSession(failure('/api/v1/auth/user-auth', 401, 'old'), 'new')).toBe(false);
    expect(endsSession(failure('/api/v1/auth/user-auth', 401, 'old'), undefined)).toBe(false);
    expect(endsSession(failure('/api/v1/auth/user-auth', 401, 'old'), '')).toBe(false);
  });
});

describe('apiClient over fetch', () => {
  const realFetch = globalThis.fetch;
  let sent;
  const answer = (status, body, type = 'application/json') =>
    vi.fn(async (url, init) => {
      sent = { url, init };
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': type },
      });
    });
  afterEach(() => {
    globalThis.fetch = realFetch;
    localStorage.clear();
  });

  it('sends query parameters and answers parsed JSON', async () => {
    globalThis.fetch = answer(200, { success: true, total: 3 });
    const response = await apiClient.get('/api/v1/product/get-product', { params: { page: 2 } });
    expect(sent.url).toBe('/api/v1/product/get-product?page=2');
    expect(sent.init.method).toBe('GET');
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ success: true, total: 3 });
  });

  it('sends objects as JSON with the stored token', async () => {
    localStorage.setItem(AUTH_KEY, JSON.stringify({ token: 'tok' }));
    globalThis.fetch = answer(201, { success: true });
    await apiClient.post('/api/v1/category/create-category', { name: 'Phones' });
    expect(sent.init.body).toBe('{"name":"Phones"}');
    expect(sent.init.headers['Content-Type']).toBe('application/json');
    expect(sent.init.headers.Authorization).toBe('tok');
  });

  it('sends FormData as it is, leaving the multipart type to the browser', async () => {
    globalThis.fetch = answer(200, { success: true });
    const form = new FormData();
    form.append('name', 'Phone');
    await apiClient.put('/api/v1/product/update-product/1', form);
    expect(sent.init.body).toBe(form);
    expect(sent.init.headers['Content-Type']).toBeUndefined();
  });

  it('rejects a 4xx with the server message readable', async () => {
    globalThis.fetch = answer(409, { success: false, message: 'Category already exists' });
    const error = await apiClient.post('/api/v1/category/create-category', {}).catch((e) => e);
    expect(error.response.status).toBe(409);
    expect(errorMessage(error)).toBe('Category already exists');
  });

  it('rejects a network failure without a response', async () => {
    globalThis.fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiClient.get('/api/v1/category/get-category').catch((e) => e);
    expect(error.message).toBe('Network Error');
    expect(error.response).toBeUndefined();
    expect(errorMessage(error)).toBeNull();
  });

  it('names an aborted call CanceledError', async () => {
    globalThis.fetch = vi.fn(async (url, init) => {
      expect(init.signal.aborted).toBe(true);
      throw new DOMException('aborted', 'AbortError');
    });
    const controller = new AbortController();
    controller.abort();
    const error = await apiClient
      .get('/api/v1/product/search/usb', { signal: controller.signal })
      .catch((e) => e);
    expect(error.name).toBe('CanceledError');
  });

  it('ends the session when the stored token is refused', async () => {
    localStorage.setItem(AUTH_KEY, JSON.stringify({ token: 'tok' }));
    globalThis.fetch = answer(401, { success: false, message: 'Unauthorized' });
    const ended = vi.fn();
    const stop = onSessionExpired(ended);
    await apiClient.get('/api/v1/auth/user-auth').catch(() => {});
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
  });
});
