// The admin's review moderation (contract, "Reviews"): every review, paged as the other
// admin lists (X-Total-Count, X-Page-Size) in the envelope {success, reviews}, handed on
// as the bare page the paged-list hook reads; and publishing or hiding one.
import { apiClient } from '../../../lib/apiClient';

const enc = encodeURIComponent;

// `status`: published, hidden or reported (published ones someone reported); none: all.
export const listReviews = ({ page = 1, status } = {}, { signal } = {}) =>
  apiClient
    .get('/api/v1/reviews', { params: { page, ...(status ? { status } : {}) }, signal })
    .then((response) => ({ ...response, data: response.data?.reviews ?? [] }));

export const setReviewStatus = (id, status) =>
  apiClient.put(`/api/v1/reviews/${enc(id)}/status`, { status });
