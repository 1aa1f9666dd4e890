// One function per order call of the contract ("Orders"); placing one (checkout) is
// features/checkout/api.js.
import { apiClient } from '../../lib/apiClient';

const enc = encodeURIComponent;

// A guest's order tokens (docs/orders.md, "Guest checkout"), by order id, for this tab's
// life: the order, its documents and its online payment are asked for with the token in
// the X-Order-Token header (never in a URL the server would see).
const orderTokens = new Map();
export const rememberOrderToken = (id, token) => {
  if (id != null && token) orderTokens.set(String(id), token);
};
const withToken = (id, options = {}) => {
  const token = orderTokens.get(String(id));
  if (!token) return options;
  return { ...options, headers: { ...options.headers, 'X-Order-Token': token } };
};

// The gateway's answer for a paid order: exactly the three keys the server checks.
export const verifyRazorpayPayment = (
  id,
  { razorpay_payment_id, razorpay_order_id, razorpay_signature },
) =>
  apiClient.post(
    `/api/v1/orders/${enc(id)}/razorpay/verify`,
    { razorpay_payment_id, razorpay_order_id, razorpay_signature },
    withToken(id),
  );
export const getMyOrders = () => apiClient.get('/api/v1/auth/orders');
export const getOrder = (id) => apiClient.get(`/api/v1/orders/${enc(id)}`, withToken(id));
// The whole order, or with `lines` ([{_id: lineId, quantity}]) only those units (before
// shipping; contract, "Cancelling part of an order").
export const cancelOrder = (id, lines) =>
  apiClient.post(`/api/v1/orders/${enc(id)}/cancel`, lines ? { lines } : undefined);
export const getAllOrders = ({ page = 1, status, q } = {}) =>
  apiClient.get('/api/v1/auth/all-orders', {
    params: { page, ...(status ? { status } : {}), ...(q ? { q } : {}) },
  });
// `shipping` ({trackingNumber, courier}) goes with the move to Shipped only.
export const setOrderStatus = (id, status, shipping = {}) =>
  apiClient.put(`/api/v1/auth/order-status/${enc(id)}`, { status, ...shipping });
export const getDashboard = () => apiClient.get('/api/v1/admin/dashboard');
// The order's GST invoice and credit note (PDF, the buyer or an admin), as blobs: a plain
// link would lack the token.
export const getInvoice = (id) =>
  apiClient.get(`/api/v1/orders/${enc(id)}/invoice`, withToken(id, { responseType: 'blob' }));
// The latest credit note, or the one of `number` (an order may have several: one per return).
export const getCreditNote = (id, number) =>
  apiClient.get(
    `/api/v1/orders/${enc(id)}/credit-note`,
    withToken(id, { responseType: 'blob', ...(number ? { params: { number } } : {}) }),
  );
// The buyer's returns and exchanges of one order, and asking for one: `lines`
// ([{_id: lineId, quantity}]), `reason`, `kind` (refund or exchange), `exchangeVariant`
// (an exchange's other variant of the same product), optional `note`.
export const getOrderReturns = (id, { signal } = {}) =>
  apiClient.get(`/api/v1/orders/${enc(id)}/returns`, { signal });
export const requestReturn = (id, request) =>
  apiClient.post(`/api/v1/orders/${enc(id)}/returns`, request);
