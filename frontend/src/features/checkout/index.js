// The checkout feature's public face: pages import it from here, never its files
// (eslint.config.js holds them to it). The page composes it with what other features own:
// the cart, the shopper's addresses, the shop's payment methods, the Razorpay window and
// the orders calls; see useCheckout.js.
export { useCheckout } from './useCheckout';
export { useBusinessBuyer } from './useBusinessBuyer';
export { default as CheckoutSummary } from './CheckoutSummary';
export { default as CheckoutBar } from './CheckoutBar';
export { PLACE_ORDER, PAY_ONLINE, payOnlineLabel } from './labels';
