// Local storage keys of the spec (section 9); their shapes are section 3's.
export const AUTH_KEY = 'auth';
export const CART_KEY = 'cart';
// Ours: the PIN code last checked on a product page, offered again on the next one.
export const DELIVERY_PIN_KEY = 'deliveryPin';
// Ours: the version of the account's cart this device's `cart` was changed from, while
// that change is not saved yet (a reload or a link followed at once must not lose it).
export const CART_UNSAVED_KEY = 'cartUnsaved';
// Ours: the coupon code applied in the cart (checked again with the server before use).
export const COUPON_KEY = 'cartCoupon';
