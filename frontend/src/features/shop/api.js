// One function per call about the shop itself: its details and where it delivers.
import { apiClient } from '../../lib/apiClient';

export const getShopInfo = () => apiClient.get('/api/v1/shop-info');
// Where it delivers: the call is shared with the address book (lib/delivery.js).
export { checkDelivery } from '../../lib/delivery';
