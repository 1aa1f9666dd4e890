// The wishlist and back-in-stock calls of the contract ("Wishlist and back-in-stock").
import { apiClient } from '../../lib/apiClient';

const enc = encodeURIComponent;

// A bare list of product answers.
export const getWishlist = ({ signal } = {}) => apiClient.get('/api/v1/auth/wishlist', { signal });

export const addToWishlist = (productId) =>
  apiClient.post('/api/v1/auth/wishlist', { product: productId });

export const removeFromWishlist = (productId) =>
  apiClient.delete(`/api/v1/auth/wishlist/${enc(productId)}`);

// `email` left out for a signed-in shopper (the server takes the account's); `variant`
// only for a product sold in variants. Answers 400 while the item is in stock.
export const notifyWhenBack = (slug, { email, variant } = {}) =>
  apiClient.post(`/api/v1/product/${enc(slug)}/notify`, {
    ...(email ? { email } : {}),
    ...(variant ? { variant } : {}),
  });
