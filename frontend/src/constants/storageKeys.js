// Local storage keys of the spec (section 9); their shapes are section 3's.
export const AUTH_KEY = 'auth';
export const CART_KEY = 'cart';
