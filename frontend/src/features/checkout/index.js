// The checkout feature's public face: pages import it from here, never its files
// (eslint.config.js holds them to it). The page composes it with what other features own:
// the cart, the shopper's addresses, the shop's payment methods, the Razorpay window and
// the orders calls; see useCheckout.js.
import { lazy } from 'react';

export { useCheckout } from './useCheckout';
// Checkout as a guest: its own chunk, loaded when a signed-out shopper asks for it.
export const GuestCheckoutForm = lazy(
  () => import(/* webpackChunkName: "guest-checkout" */ './GuestCheckoutForm'),
);
export { guestOrderPath } from './guestOrderPath';
export { useBusinessBuyer } from './useBusinessBuyer';
export { default as CheckoutSummary } from './CheckoutSummary';
export { default as CheckoutBar } from './CheckoutBar';
export { PLACE_ORDER, PAY_ONLINE, payOnlineLabel } from './labels';
export { cartGst } from './gst';
