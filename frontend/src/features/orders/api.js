// One function per order call of the contract ("Orders"); placing one (checkout) is
// features/checkout/api.js.
import { apiClient } from '../../lib/apiClient';

const enc = encodeURIComponent;

// The gateway's answer for a paid order: exactly the three keys the server checks.
export const verifyRazorpayPayment = (
  id,
  { razorpay_payment_id, razorpay_order_id, razorpay_signature },
) =>
  apiClient.post(`/api/v1/orders/${enc(id)}/razorpay/verify`, {
    razorpay_payment_id,
    razorpay_order_id,
    razorpay_signature,
  });
export const getMyOrders = () => apiClient.get('/api/v1/auth/orders');
export const getOrder = (id) => apiClient.get(`/api/v1/orders/${enc(id)}`);
export const cancelOrder = (id) => apiClient.post(`/api/v1/orders/${enc(id)}/cancel`);
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
  apiClient.get(`/api/v1/orders/${enc(id)}/invoice`, { responseType: 'blob' });
export const getCreditNote = (id) =>
  apiClient.get(`/api/v1/orders/${enc(id)}/credit-note`, { responseType: 'blob' });
