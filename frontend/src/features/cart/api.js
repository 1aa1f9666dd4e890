// The signed-in shopper's cart on the server (ours, not in the contract; docs/orders.md).
import { apiClient } from '../../lib/apiClient';

export const getAccountCart = () => apiClient.get('/api/v1/auth/cart');
// `cart`: [{_id, variant?, quantity}], the whole cart; `version`: the one last seen.
export const saveAccountCart = (cart, version) =>
  apiClient.put('/api/v1/auth/cart', { cart, version });
// `mergeKey`: one per sign-in, so a merge sent twice (two tabs) adds once.
export const mergeAccountCart = (cart, mergeKey) =>
  apiClient.post('/api/v1/auth/cart/merge', { cart, mergeKey });
