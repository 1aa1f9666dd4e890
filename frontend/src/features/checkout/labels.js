// The checkout's button and choice labels.
import { formatPrice } from '../../lib/format';

export const PLACE_ORDER = 'Place Order (Cash on Delivery)';
export const PAY_ONLINE = 'Pay online (UPI, cards, netbanking)';
export const payOnlineLabel = (total) => `Pay ${formatPrice(total)} online`;
// How the review names each method.
export const REVIEW_PAYMENT = { cod: 'Cash on delivery', razorpay: PAY_ONLINE };
