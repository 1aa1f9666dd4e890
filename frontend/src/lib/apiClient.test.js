import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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

// The client against a real HTTP server on this machine, through axios's XHR transport (the
// one browsers use): only the shop's server is stood in for.
describe('apiClient over HTTP', () => {
  let server;
  let handler;
  let received;
  const originalBase = apiClient.defaults.baseURL;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      // The test page's origin is not the server's: answer like a CORS-enabled API.
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin || '*');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key');
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
      res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, Content-Disposition');
      if (req.method === 'OPTIONS') {
        res.end();
        return;
      }
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        received = { method: req.method, url: req.url, headers: req.headers };
        received.body = Buffer.concat(chunks);
        handler(req, res);
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiClient.defaults.baseURL = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(async () => {
    apiClient.defaults.baseURL = originalBase;
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    localStorage.clear();
    received = undefined;
  });

  const answer = (status, body, headers = {}) => {
    handler = (req, res) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
  };

  it('sends query parameters and answers parsed JSON with its headers', async () => {
    answer(200, [{ _id: '1' }], { 'X-Total-Count': '41' });
    const response = await apiClient.get('/api/v1/auth/all-orders', {
      params: { page: 2, status: undefined },
    });
    expect(received.method).toBe('GET');
    expect(received.url).toBe('/api/v1/auth/all-orders?page=2');
    expect(response.status).toBe(200);
    expect(response.data).toEqual([{ _id: '1' }]);
    expect(response.headers['x-total-count']).toBe('41');
  });

  it('sends objects as JSON with the stored token, raw', async () => {
    localStorage.setItem(AUTH_KEY, JSON.stringify({ token: 'tok' }));
    answer(201, { success: true });
    await apiClient.post('/api/v1/category/create-category', { name: 'Phones' });
    expect(received.body.toString()).toBe('{"name":"Phones"}');
    expect(received.headers['content-type']).toMatch(/^application\/json/);
    expect(received.headers.authorization).toBe('tok');
  });

  it('sends no Authorization header without a stored token', async () => {
    answer(200, { success: true });
    await apiClient.get('/api/v1/category/get-category');
    expect(received.headers.authorization).toBeUndefined();
  });

  it('sends FormData as multipart with its boundary and reports upload progress', async () => {
    answer(200, { success: true });
    const form = new FormData();
    form.append('name', 'Phone');
    form.append('photo', new Blob([new Uint8Array(64 * 1024)], { type: 'image/png' }), 'p.png');
    const progress = vi.fn();
    await apiClient.put('/api/v1/product/update-product/1', form, { onUploadProgress: progress });
    expect(received.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(received.body.toString('latin1')).toContain('name="name"\r\n\r\nPhone');
    expect(received.body.length).toBeGreaterThan(64 * 1024);
    expect(progress).toHaveBeenCalled();
    const last = progress.mock.calls.at(-1)[0];
    expect(last.loaded).toBe(received.body.length);
    expect(last.total).toBe(received.body.length);
  });

  it('answers a blob when asked, with the headers a download needs', async () => {
    handler = (req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="invoice-7.pdf"',
      });
      res.end('%PDF-1.7 fake');
    };
    const response = await apiClient.get('/api/v1/orders/7/invoice', { responseType: 'blob' });
    expect(response.data).toBeInstanceOf(Blob);
    expect(await response.data.text()).toBe('%PDF-1.7 fake');
    expect(response.headers['content-disposition']).toContain('invoice-7.pdf');
  });

  it('rejects a 4xx with the server message readable', async () => {
    answer(409, { success: false, message: 'Category already exists' });
    const error = await apiClient.post('/api/v1/category/create-category', {}).catch((e) => e);
    expect(error.response.status).toBe(409);
    expect(errorMessage(error)).toBe('Category already exists');
  });

  it('rejects a network failure without a response', async () => {
    handler = (req) => req.socket.destroy();
    const error = await apiClient.get('/api/v1/category/get-category').catch((e) => e);
    expect(error.message).toBe('Network Error');
    expect(error.response).toBeUndefined();
    expect(errorMessage(error)).toBeNull();
  });

  it('names an aborted call CanceledError', async () => {
    const controller = new AbortController();
    // The server never answers; only the abort can end the call.
    handler = () => controller.abort();
    const error = await apiClient
      .get('/api/v1/product/search/usb', { signal: controller.signal })
      .catch((e) => e);
    expect(error.name).toBe('CanceledError');
    expect(error.response).toBeUndefined();
  });

  it('ends the session when the stored token is refused, not for a wrong login', async () => {
    localStorage.setItem(AUTH_KEY, JSON.stringify({ token: 'tok' }));
    answer(401, { success: false, message: 'Unauthorized' });
    const ended = vi.fn();
    const stop = onSessionExpired(ended);
    await apiClient.post('/api/v1/auth/login', {}).catch(() => {});
    expect(ended).not.toHaveBeenCalled();
    await apiClient.get('/api/v1/auth/user-auth').catch(() => {});
    stop();
    expect(ended).toHaveBeenCalledTimes(1);
  });
});

describe('apiClient with a fake transport', () => {
  it('hands the adapter the config fake servers read', async () => {
    localStorage.setItem(AUTH_KEY, JSON.stringify({ token: 'tok' }));
    const previous = apiClient.defaults.adapter;
    const adapter = vi.fn(async (config) => ({
      data: { ok: true },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    }));
    apiClient.defaults.adapter = adapter;
    try {
      const response = await apiClient.post(
        '/api/v1/orders/checkout',
        { cart: [] },
        { headers: { 'Idempotency-Key': 'k1' } },
      );
      expect(response.data).toEqual({ ok: true });
    } finally {
      apiClient.defaults.adapter = previous;
    }
    const [config] = adapter.mock.calls[0];
    expect(config.method).toBe('post');
    expect(config.url).toBe('/api/v1/orders/checkout');
    expect(JSON.parse(config.data)).toEqual({ cart: [] });
    expect(config.headers.Authorization).toBe('tok');
    expect(config.headers['Idempotency-Key']).toBe('k1');
  });

  it('sends a keepalive call by the keepalive transport, with fetch keepalive', async () => {
    const previous = { ...apiClient.defaults };
    const answer = (config) => ({ data: {}, status: 200, statusText: 'OK', headers: {}, config });
    const usual = vi.fn(async (config) => answer(config));
    const kept = vi.fn(async (config) => answer(config));
    Object.assign(apiClient.defaults, { adapter: usual, keepaliveAdapter: kept });
    try {
      await apiClient.put('/api/v1/auth/cart', { cart: [] }, { keepalive: true });
      await apiClient.put('/api/v1/auth/cart', { cart: [] });
    } finally {
      Object.assign(apiClient.defaults, previous);
    }
    expect(kept).toHaveBeenCalledTimes(1);
    expect(kept.mock.calls[0][0].fetchOptions).toEqual({ keepalive: true });
    expect(kept.mock.calls[0][0]).not.toHaveProperty('keepalive');
    expect(usual).toHaveBeenCalledTimes(1);
    expect(usual.mock.calls[0][0].fetchOptions).toBeUndefined();
    expect(apiClient.defaults.keepaliveAdapter).toBe('fetch');
  });
});
