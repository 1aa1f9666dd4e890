// The only HTTP client: knows the base URL, attaches the token, normalises errors.
// Every feature's api.js calls through it; pages never import axios.
import axios from 'axios';
import { API_BASE } from '../config/paths';
import { AUTH_KEY } from '../constants/storageKeys';
import { readJSON } from './storage';

export const apiClient = axios.create({ baseURL: API_BASE });

apiClient.interceptors.request.use((config) => {
  const token = readJSON(AUTH_KEY, null)?.token;
  if (token) config.headers.Authorization = token;
  return config;
});

const sessionListeners = new Set();

// Called with no arguments when a call that carried a token answers 401: the session is
// dead (expired, password changed, user deactivated) and must be cleared.
export function onSessionExpired(listener) {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

// A 401 from these calls means wrong credentials, not a dead session: the server ignores
// the token on them, so a logged-in shopper who mistypes a password stays logged in.
const CREDENTIAL_CALLS = /\/api\/v1\/auth\/(login|register|forgot-password)$/;

export function endsSession(error) {
  const config = error?.config;
  return (
    error?.response?.status === 401 &&
    Boolean(config?.headers?.Authorization) &&
    !CREDENTIAL_CALLS.test(config?.url ?? '')
  );
}

apiClient.interceptors.response.use(
  (response) => response,
  (error) => {
    if (endsSession(error)) {
      sessionListeners.forEach((listener) => listener());
    }
    return Promise.reject(error);
  },
);

// The server's readable message for a failed call, or null (network error, no body).
export function errorMessage(error) {
  const message = error?.response?.data?.message;
  return typeof message === 'string' && message ? message : null;
}
