// The owner's settings calls (admin only): the shop's details, delivery and cash on
// delivery cap, the served PIN codes, and the categories with their tax defaults.
import { apiClient } from '../../../lib/apiClient';

export const getShopSettings = ({ signal } = {}) =>
  apiClient.get('/api/v1/admin/shop-settings', { signal });
// `changes` carries the `updatedAt` the form was loaded with: a newer save answers 409.
export const saveShopSettings = (changes) => apiClient.put('/api/v1/admin/shop-settings', changes);
// The served list's counts; with `pincode`, that PIN code looked up too.
export const getServedPincodes = ({ pincode, signal } = {}) =>
  apiClient.get('/api/v1/admin/served-pincodes', {
    params: pincode ? { pincode } : {},
    signal,
  });
export function uploadServedPincodes(file) {
  const form = new FormData();
  form.append('file', file);
  return apiClient.post('/api/v1/admin/served-pincodes', form);
}
export const clearServedPincodes = () => apiClient.delete('/api/v1/admin/served-pincodes');
export const listAdminCategories = ({ signal } = {}) =>
  apiClient.get('/api/v1/admin/categories', { signal });
