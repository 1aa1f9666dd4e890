// The review calls of the contract ("Reviews"): a product's published reviews with its
// rating, writing, rewriting and deleting one's own, and a shopper's helpful vote and
// report. The admin's moderation calls are the admin feature's (features/admin/reviews).
import { apiClient } from '../../lib/apiClient';

const enc = encodeURIComponent;

// `sort`: recent (the server's default, not sent), helpful, rating-high, rating-low.
export const getReviews = (slug, { page = 1, sort } = {}, { signal } = {}) =>
  apiClient.get(`/api/v1/product/${enc(slug)}/reviews`, {
    params: { page, ...(sort && sort !== 'recent' ? { sort } : {}) },
    signal,
  });

export const createReview = (slug, { rating, title, body }) =>
  apiClient.post(`/api/v1/product/${enc(slug)}/reviews`, { rating, title, body });

export const updateReview = (id, { rating, title, body }) =>
  apiClient.put(`/api/v1/reviews/${enc(id)}`, { rating, title, body });

export const deleteReview = (id) => apiClient.delete(`/api/v1/reviews/${enc(id)}`);

export const markHelpful = (id) => apiClient.post(`/api/v1/reviews/${enc(id)}/helpful`);

export const reportReview = (id) => apiClient.post(`/api/v1/reviews/${enc(id)}/report`);
