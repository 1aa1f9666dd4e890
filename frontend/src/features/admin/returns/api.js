// The admin's calls on returns and exchanges (contract, "Returns and exchanges";
// docs/returns.md): the queue, paged as the other admin lists (X-Total-Count,
// X-Page-Size) in the contract's envelope {success, returns}, handed on as the bare
// page the paged-list hook reads, and moving one return on.
import { apiClient } from '../../../lib/apiClient';

const enc = encodeURIComponent;

export const listReturns = ({ page = 1, status } = {}, { signal } = {}) =>
  apiClient
    .get('/api/v1/returns', {
      params: { page, ...(status ? { status } : {}) },
      signal,
    })
    .then((response) => ({ ...response, data: response.data?.returns ?? [] }));

// `note` optional; `refundReference` only for Refunded of a cash-on-delivery order.
export const setReturnStatus = (id, { status, note, refundReference }) =>
  apiClient.put(`/api/v1/returns/${enc(id)}/status`, {
    status,
    ...(note ? { note } : {}),
    ...(refundReference ? { refundReference } : {}),
  });
