// Test helper: answers the app's HTTP calls at the transport (the axios adapter of the one
// API client), so everything of ours (interceptors, api.js, contexts) still runs for real.
// routes: { 'POST /api/v1/auth/login': { status, data } | (body) => ({ status, data }) }.
// `calls` keeps each request as {key, body, authorization, idempotencyKey} (the last is
// left out when the request had no Idempotency-Key).
import { apiClient } from '../../../lib/apiClient';

export function fakeServer(routes) {
  const calls = [];
  const previous = apiClient.defaults.adapter;
  apiClient.defaults.adapter = async (config) => {
    const key = `${config.method.toUpperCase()} ${config.url}`;
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({
      key,
      body,
      authorization: config.headers?.Authorization ?? null,
      idempotencyKey: config.headers?.['Idempotency-Key'],
    });
    const handler = routes[key];
    if (!handler) throw new Error(`No fake answer for ${key}`);
    // A handler may answer later (a promise), as a slow network does.
    const answer = await (typeof handler === 'function' ? handler(body) : handler);
    if (answer instanceof Error) throw answer;
    const { status = 200, data = {}, headers = {} } = answer;
    const response = { status, statusText: String(status), data, headers, config };
    if (status >= 400) {
      const error = new Error(`Request failed with status code ${status}`);
      throw Object.assign(error, { response, config, isAxiosError: true });
    }
    return response;
  };
  return {
    calls,
    restore() {
      apiClient.defaults.adapter = previous;
    },
  };
}
