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

apiClient.interceptors.response.use(
  (response) => response,
  (error) => {
    if (endsSession(error, readJSON(AUTH_KEY, null)?.token)) {
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
