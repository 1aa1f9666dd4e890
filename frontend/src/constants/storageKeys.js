// Local storage keys of the spec (section 9); their shapes are section 3's.
export const AUTH_KEY = 'auth';
export const CART_KEY = 'cart';
// Ours: the PIN code last checked on a product page, offered again on the next one.
export const DELIVERY_PIN_KEY = 'deliveryPin';
