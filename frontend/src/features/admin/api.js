// One function per admin write call of the contract.
import { apiClient } from '../../lib/apiClient';

// `tax` (ours, optional): the category's tax defaults, { hsn, gstRate, gstThreshold,
// gstRateAbove, countryOfOrigin }.
export const createCategory = (name, tax = {}) =>
  apiClient.post('/api/v1/category/create-category', { name, ...tax });
export const updateCategory = (id, name, tax = {}) =>
  apiClient.put(`/api/v1/category/update-category/${id}`, { name, ...tax });
export const deleteCategory = (id) => apiClient.delete(`/api/v1/category/delete-category/${id}`);
// `onUploadProgress` ({loaded, total}) follows the photos on their way up.
export const createProduct = (formData, { onUploadProgress } = {}) =>
  apiClient.post('/api/v1/product/create-product', formData, { onUploadProgress });
export const updateProduct = (id, formData, { onUploadProgress } = {}) =>
  apiClient.put(`/api/v1/product/update-product/${id}`, formData, { onUploadProgress });
export const deleteProduct = (id) => apiClient.delete(`/api/v1/product/delete-product/${id}`);
// The admin lists answer a bare page with X-Total-Count and X-Page-Size headers.
export const listUsers = (page = 1, { signal } = {}) =>
  apiClient.get('/api/v1/auth/users', { params: { page }, signal });
// The products table: `sort` is newest (default), stock (fewest first), -stock or name.
export const listAdminProducts = ({ page = 1, q, sort } = {}, { signal } = {}) =>
  apiClient.get('/api/v1/admin/products', {
    params: { page, ...(q ? { q } : {}), ...(sort ? { sort } : {}) },
    signal,
  });
// Coupons (contract, "Coupons"): the list (all, newest first) and the writes. A coupon's
// fields are sent as JSON (coupons.js couponPayload); an update may send any of them.
export const listCoupons = ({ signal } = {}) => apiClient.get('/api/v1/coupons', { signal });
export const createCoupon = (coupon) => apiClient.post('/api/v1/coupons', coupon);
export const updateCoupon = (id, changes) =>
  apiClient.put(`/api/v1/coupons/${encodeURIComponent(id)}`, changes);
export const deleteCoupon = (id) => apiClient.delete(`/api/v1/coupons/${encodeURIComponent(id)}`);
// Sales (contract, "MRP and sale prices"): the list (latest start first) and the writes,
// as JSON (sales.js salePayload); an update may send any of the fields.
export const listSales = ({ signal } = {}) => apiClient.get('/api/v1/sales', { signal });
export const createSale = (sale) => apiClient.post('/api/v1/sales', sale);
export const updateSale = (id, changes) =>
  apiClient.put(`/api/v1/sales/${encodeURIComponent(id)}`, changes);
export const deleteSale = (id) => apiClient.delete(`/api/v1/sales/${encodeURIComponent(id)}`);
// Couriers with tracking pages (the Django admin keeps them), for the move to Shipped.
export const listCouriers = ({ signal } = {}) => apiClient.get('/api/v1/couriers', { signal });
