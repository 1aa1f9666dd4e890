import { apiClient } from '../../lib/apiClient';

export const searchProducts = (keyword) =>
  apiClient.get(`/api/v1/product/search/${encodeURIComponent(keyword)}`);
