// The signed-in shopper's cart on the server (ours, not in the contract; docs/orders.md).
// Each call takes `signal` (to give it up); the save takes `keepalive` when it is sent as
// the page goes away (lib/apiClient: the browser finishes it after the page has gone).
import { apiClient } from '../../lib/apiClient';

export const getAccountCart = ({ signal } = {}) => apiClient.get('/api/v1/auth/cart', { signal });
// `cart`: [{_id, variant?, quantity}], the whole cart; `version`: the one last seen.
export const saveAccountCart = (cart, version, { signal, keepalive = false } = {}) =>
  apiClient.put('/api/v1/auth/cart', { cart, version }, { signal, keepalive });
// `mergeKey`: one per sign-in, so a merge sent twice (two tabs) adds once.
export const mergeAccountCart = (cart, mergeKey, { signal } = {}) =>
  apiClient.post('/api/v1/auth/cart/merge', { cart, mergeKey }, { signal });
