// The only HTTP client: an axios instance that knows the base URL, attaches the token and
// tells the session when the stored token is refused. Every feature's api.js calls
// through it; pages never call fetch or axios themselves.
//
// axios is loaded with the first call, not with the page: it is about 14 KB gzipped and
// the home page, rendered from the server's data, may send no call at all, while the first
// visit's budget is 110 KB. `apiClient` therefore is a thin module with axios's calling
// interface: get/post/put/patch/delete(url, [data], { params, headers, signal,
// responseType, onUploadProgress, keepalive }) resolve to axios's { data, status, statusText,
// headers, config } and reject with an AxiosError carrying `response` and `config` (an
// abort rejects with name 'CanceledError'). `apiClient.defaults` is read on every call:
// `baseURL`, and `adapter`, the transport (axios's XHR one in browsers, which reports
// upload progress; tests put a fake server there). A call sent as the page goes away
// (`keepalive: true`) goes by `keepaliveAdapter`, fetch with its keepalive, which the
// browser finishes after the page has gone (XHR has none; the body must stay under 64 KB).
import { API_BASE } from '../config/paths';
import { AUTH_KEY } from '../constants/storageKeys';
import { MESSAGES } from '../constants/messages';
import { readJSON } from './storage';

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

const storedToken = () => readJSON(AUTH_KEY, null)?.token;

function createInstance(axios) {
  const instance = axios.create({
    headers: { Accept: 'application/json, text/plain, */*' },
  });
  instance.interceptors.request.use((config) => {
    const token = storedToken();
    // Raw, as the original client sent it; the server also takes `Bearer <token>`.
    if (token) config.headers.set('Authorization', token);
    return config;
  });
  instance.interceptors.response.use(null, (error) => {
    if (endsSession(error, storedToken())) {
      // The session's toast and the failing screen's say one sentence, one toast (lib/toast
      // keys toasts by their text), not the server's wording under the session's.
      error.response.data = { success: false, message: MESSAGES.sessionExpired };
      sessionListeners.forEach((listener) => listener());
    }
    return Promise.reject(error);
  });
  return instance;
}

let loading = null;

// Loads axios and makes the instance, once; every call waits for it. Exported so tests on
// fake timers can have it ready before their clock stops.
export function loadClient() {
  loading ??= import(/* webpackChunkName: "axios" */ 'axios').then(
    ({ default: axios }) => createInstance(axios),
    (cause) => {
      // The chunk did not arrive (offline, a deploy replaced it): the next call tries
      // again, and this one fails the way any call without an answer fails.
      loading = null;
      throw Object.assign(new Error('Network Error'), {
        code: 'ERR_NETWORK',
        isAxiosError: true,
        cause,
      });
    },
  );
  return loading;
}

async function request(method, url, data, { keepalive = false, ...options } = {}) {
  const instance = await loadClient();
  const { baseURL, adapter, keepaliveAdapter } = apiClient.defaults;
  const transport = keepalive
    ? { adapter: keepaliveAdapter, fetchOptions: { keepalive: true } }
    : { adapter };
  return instance.request({ ...options, method, url, data, baseURL, ...transport });
}

export const apiClient = {
  defaults: { baseURL: API_BASE, adapter: ['xhr', 'fetch'], keepaliveAdapter: 'fetch' },
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
