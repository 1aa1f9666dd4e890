// What the shop's settings (shop-info) mean for a shopper, in numbers and in words. The
// FAQ, Returns, About and the cart read them here, so they say only what the shop does.
import { formatPrice } from '../../lib/format';

const PAYMENT_NAMES = {
  cod: 'cash on delivery',
  razorpay: 'UPI, cards and net banking (Razorpay)',
};

const number = (value) => (value === null || value === undefined ? null : Number(value));

// The delivery charge for an order of `total` rupees: 0 when the rule is off (charge 0)
// or the total reaches `freeFrom`; null when the rule is not known (shop-info missing).
export function deliveryChargeFor(delivery, total) {
  if (!delivery) return null;
  const charge = number(delivery.charge) || 0;
  const freeFrom = number(delivery.freeFrom);
  if (charge <= 0) return 0;
  if (freeFrom !== null && Number(total) >= freeFrom) return 0;
  return charge;
}

// "Delivery is free on every order." / "Delivery is free on orders of ₹499 or more; below
// that ₹49 is added at checkout." / "A delivery charge of ₹49 is added to every order."
export function deliveryRuleText(delivery) {
  if (!delivery) return null;
  const charge = number(delivery.charge) || 0;
  const freeFrom = number(delivery.freeFrom);
  if (charge <= 0) return 'Delivery is free on every order.';
  if (freeFrom === null)
    return `A delivery charge of ${formatPrice(charge)} is added to every order.`;
  return `Delivery is free on orders of ${formatPrice(freeFrom)} or more; below that ${formatPrice(charge)} is added at checkout.`;
}

// The short form for a list of promises: "Free delivery on every order".
export function deliveryPromise(delivery) {
  if (!delivery) return null;
  const charge = number(delivery.charge) || 0;
  const freeFrom = number(delivery.freeFrom);
  if (charge <= 0) return 'Free delivery on every order';
  if (freeFrom === null) return `Delivery at ${formatPrice(charge)} an order`;
  return `Free delivery on orders of ${formatPrice(freeFrom)} or more`;
}

// "cash on delivery" / "cash on delivery and UPI, ..." in the order the shop lists them.
export function paymentMethodsText(methods) {
  const names = (methods ?? []).map((code) => PAYMENT_NAMES[code] ?? code);
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export const offersCod = (methods) => (methods ?? []).includes('cod');
export const offersOnline = (methods) => (methods ?? []).some((code) => code !== 'cod');

// How a shopper may pay at checkout, from useShopInfo(): cash on delivery when the shop
// lists it, and while shop-info is unknown (loading or failed: as before, the server has
// the last word), up to `codLimit`; online only with Razorpay's settings (else null).
export function paymentOffer({ loading, failed, paymentMethods, codLimit, razorpay }) {
  const known = !loading && !failed;
  return {
    codOffered: !known || offersCod(paymentMethods),
    codLimit,
    online: razorpay ?? null,
  };
}

// "Cash on delivery is available for orders up to ₹50,000."
export function codLimitText(codLimit) {
  const limit = number(codLimit);
  if (limit === null || !Number.isFinite(limit)) return null;
  return `Cash on delivery is available for orders up to ${formatPrice(limit)}.`;
}

export function capitalise(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

// A phone number as a tel: link (spaces and dashes dropped).
export const telHref = (phone) => `tel:${String(phone ?? '').replace(/[\s-]/g, '')}`;
