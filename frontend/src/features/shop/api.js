// One function per call about the shop itself: its details and where it delivers.
import { apiClient } from '../../lib/apiClient';

export const getShopInfo = () => apiClient.get('/api/v1/shop-info');
export const checkDelivery = (pincode) =>
  apiClient.get(`/api/v1/delivery/${encodeURIComponent(pincode)}`);
