// The only HTTP client: knows the base URL, attaches the token, normalises errors.
// Every feature's api.js calls through it; pages never call fetch themselves.
//
// It speaks the subset of axios's interface the app uses (axios was a fifth of
// the first visit's JavaScript): get/post/put/delete(url, [data], { params, headers,
// signal, responseType }) resolve to { data, status, statusText, headers, config } for a
// 2xx answer and reject otherwise with an Error carrying `response` and `config`; an
// aborted call rejects with name 'CanceledError'. The transport is
// `apiClient.defaults.adapter(config)` (fetch by default; tests put a fake server there),
// with config = { method: 'get', url, baseURL, params, data, headers, signal, responseType }:
// objects are sent as JSON text, FormData as it is.
import { API_BASE } from '../config/paths';
import { AUTH_KEY } from '../constants/storageKeys';
import { readJSON } from './storage';

function fullURL(config) {
  const base = config.baseURL && !/^https?:\/\//.test(config.url) ? config.baseURL : '';
  const query = new URLSearchParams();
  Object.entries(config.params || {}).forEach(([key, value]) => {
    if (value !== undefined && value !== null) query.append(key, value);
  });
  const search = query.toString();
  const url = base.replace(/\/$/, '') + config.url;
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function failure(message, config, extra = {}) {
  return Object.assign(new Error(message), { config, isAxiosError: true, ...extra });
}

async function fetchAdapter(config) {
  let answer;
  try {
    answer = await fetch(fullURL(config), {
      method: config.method.toUpperCase(),
      headers: config.headers,
      body: config.data,
      signal: config.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error?.name === 'AbortError') {
      throw failure('canceled', config, { name: 'CanceledError', code: 'ERR_CANCELED' });
    }
    throw failure('Network Error', config, { code: 'ERR_NETWORK' });
  }
  const kind = config.responseType || 'json';
  const data = kind === 'blob' ? await answer.blob() : await answer.text();
  const response = {
    data,
    status: answer.status,
    statusText: answer.statusText,
    headers: Object.fromEntries(answer.headers.entries()),
    config,
  };
  if (answer.status < 200 || answer.status >= 300) {
    throw failure(`Request failed with status code ${answer.status}`, config, {
      response: parsed(response),
      code: 'ERR_BAD_RESPONSE',
    });
  }
  return response;
}

// JSON answers arrive as text; like axios, text that is JSON becomes data.
function parsed(response) {
  const kind = response.config?.responseType || 'json';
  if (kind === 'json' && typeof response.data === 'string' && response.data) {
    try {
      return { ...response, data: JSON.parse(response.data) };
    } catch {
      return response;
    }
  }
  return response;
}

const sessionListeners = new Set();

// Called when a call answers 401 for the token stored right now: the session is dead
// (expired, password changed, user deactivated) and must be cleared.
export function onSessionExpired(listener) {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

// A 401 from these calls means wrong credentials, not a dead session: the server ignores
// the token on them, so a logged-in shopper who mistypes a password stays logged in.
const CREDENTIAL_CALLS = /\/api\/v1\/auth\/(login|register|forgot-password)$/;

// Only a refusal of the stored token ends the session. A call sent with an older token
// (before a new login, or before a password change issued a fresh one) may answer 401
// late; that says nothing about the session the shopper has now.
export function endsSession(error, storedToken) {
  const config = error?.config;
  const sent = config?.headers?.Authorization;
  return (
    error?.response?.status === 401 &&
    Boolean(sent) &&
    sent === storedToken &&
    !CREDENTIAL_CALLS.test(config?.url ?? '')
  );
}

function isPlainData(data) {
  return (
    data !== undefined &&
    data !== null &&
    typeof data === 'object' &&
    !(typeof FormData !== 'undefined' && data instanceof FormData) &&
    !(typeof Blob !== 'undefined' && data instanceof Blob) &&
    !(data instanceof URLSearchParams)
  );
}

async function request(method, url, data, options = {}) {
  const headers = { Accept: 'application/json, text/plain, */*', ...options.headers };
  const token = readJSON(AUTH_KEY, null)?.token;
  if (token) headers.Authorization = token;
  let body = data;
  if (isPlainData(data)) {
    body = JSON.stringify(data);
    headers['Content-Type'] = 'application/json';
  }
  const config = {
    ...options,
    method,
    url,
    baseURL: apiClient.defaults.baseURL,
    headers,
    data: body,
  };
  try {
    return parsed(await apiClient.defaults.adapter(config));
  } catch (error) {
    if (endsSession(error, readJSON(AUTH_KEY, null)?.token)) {
      sessionListeners.forEach((listener) => listener());
    }
    throw error;
  }
}

export const apiClient = {
  defaults: { baseURL: API_BASE, adapter: fetchAdapter },
  get: (url, options) => request('get', url, undefined, options),
  delete: (url, options) => request('delete', url, undefined, options),
  post: (url, data, options) => request('post', url, data, options),
  put: (url, data, options) => request('put', url, data, options),
  patch: (url, data, options) => request('patch', url, data, options),
};

// The server's readable message for a failed call, or null (network error, no body).
export function errorMessage(error) {
  const message = error?.response?.data?.message;
  return typeof message === 'string' && message ? message : null;
}
