import { apiClient } from '../../lib/apiClient';

// The body is the contract's bare list; `X-Search-Corrected` (percent-encoded) says what
// was searched when the results come from a corrected spelling.
export const searchProducts = (keyword) =>
  apiClient.get(`/api/v1/product/search/${encodeURIComponent(keyword)}`);

export function correctionOf(response) {
  const value = response?.headers?.['x-search-corrected'];
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export const suggestProducts = (text, { signal } = {}) =>
  apiClient.get('/api/v1/product/suggest', { params: { q: text }, signal });
