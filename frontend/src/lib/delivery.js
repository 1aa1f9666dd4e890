// `GET /delivery/<pincode>`: whether the shop delivers to a PIN code and collects cash
// there. Two features ask it (the product page's Check Delivery in shop, the address form,
// book and chooser in auth), so the one definition of the call lives here and each
// feature's api.js passes it on.
import { apiClient } from './apiClient';

export const checkDelivery = (pincode) =>
  apiClient.get(`/api/v1/delivery/${encodeURIComponent(pincode)}`);
