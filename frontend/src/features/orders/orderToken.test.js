// A guest's order token (rememberOrderToken) goes with every call about that order, in
// the X-Order-Token header and never in the URL; other orders' calls carry none.
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../lib/apiClient';
import { getCreditNote, getInvoice, getOrder, rememberOrderToken } from './api';

const previous = apiClient.defaults.adapter;
afterEach(() => {
  apiClient.defaults.adapter = previous;
});

function capture() {
  const seen = [];
  apiClient.defaults.adapter = async (config) => {
    seen.push({ url: config.url, token: config.headers?.['X-Order-Token'] ?? null });
    return { status: 200, statusText: '200', data: {}, headers: {}, config };
  };
  return seen;
}

describe('order token', () => {
  it('is sent as a header for its order only', async () => {
    const seen = capture();
    rememberOrderToken('41', 'secret-41');
    await getOrder('41');
    await getInvoice(41);
    await getCreditNote('41', 'SS/CN/1');
    await getOrder('42');
    expect(seen.map((s) => s.token)).toEqual(['secret-41', 'secret-41', 'secret-41', null]);
    expect(seen.every((s) => !s.url.includes('secret'))).toBe(true);
  });
});
