// The coupon check (contract, "Promotions"), apart from the cart's calls so that the first
// page's bundle does not carry it.
import { apiClient } from '../../lib/apiClient';

// Whether a coupon applies to the cart (signed in, or a guest checking out: then the limits
// per customer wait for checkout, which knows the guest's e-mail): `cart` is exactly what checkout sends
// (checkoutLines), `payment` "cod" or "razorpay" when chosen. 200 with the discount and
// each line's share; a code that does not apply is 400 with a sentence saying why.
export const checkCoupon = ({ code, cart, payment }, { signal } = {}) =>
  apiClient.post(
    '/api/v1/coupons/check',
    { code, cart, ...(payment ? { payment } : {}) },
    { signal },
  );
