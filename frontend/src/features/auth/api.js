// One function per accounts call of the contract.
import { apiClient } from '../../lib/apiClient';

export const register = (payload) => apiClient.post('/api/v1/auth/register', payload);
export const login = (payload) => apiClient.post('/api/v1/auth/login', payload);
export const forgotPassword = (payload) => apiClient.post('/api/v1/auth/forgot-password', payload);
export const userAuth = () => apiClient.get('/api/v1/auth/user-auth');
export const adminAuth = () => apiClient.get('/api/v1/auth/admin-auth');
export const updateProfile = (payload) => apiClient.put('/api/v1/auth/profile', payload);
export const requestResetLink = (payload) => apiClient.post('/api/v1/auth/password-reset', payload);
export const confirmResetLink = (payload) =>
  apiClient.post('/api/v1/auth/password-reset/confirm', payload);
// The shopper's address book (ours, "Selling in India"): a bare list, default first.
export const listAddresses = () => apiClient.get('/api/v1/auth/addresses');
export const createAddress = (address) => apiClient.post('/api/v1/auth/addresses', address);
export const updateAddress = (id, address) =>
  apiClient.put(`/api/v1/auth/addresses/${encodeURIComponent(id)}`, address);
export const deleteAddress = (id) =>
  apiClient.delete(`/api/v1/auth/addresses/${encodeURIComponent(id)}`);
