// The contract's checkout call ("Orders"): the cart becomes an order.
import { apiClient } from '../../lib/apiClient';

// `addressId` (one of the shopper's saved addresses) takes the place of the free-text
// `address`; without either the server uses the profile's address. `payment` is "cod" or
// "razorpay" (the latter answers the order Awaiting Payment with `razorpay`, what the
// gateway's checkout needs). `coupon` is the code applied in the cart, when there is one.
// `business` is a business purchase's `{gstin, businessName}` (or `{gstin: ''}`: not one,
// though the address keeps a GSTIN), sent as it is.
export const checkout = ({
  cart,
  address,
  addressId,
  payment = 'cod',
  coupon,
  business,
  idempotencyKey,
  guestOrder,
}) =>
  apiClient.post(
    '/api/v1/orders/checkout',
    {
      cart,
      payment,
      ...(addressId != null ? { addressId } : address ? { address } : {}),
      ...(coupon ? { coupon } : {}),
      ...(business ?? {}),
      ...(guestOrder ?? {}),
    },
    { headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} },
  );

// Guest checkout (docs/orders.md): no token; `guest` is {name, email, phone} and
// `shippingAddress` the address object without `_id`, in place of an address; `coupon` as a
// buyer's. The answer adds `orderToken`.
export const guestCheckout = ({
  cart,
  guest,
  shippingAddress,
  payment = 'cod',
  coupon,
  idempotencyKey,
}) => checkout({ cart, payment, coupon, idempotencyKey, guestOrder: { guest, shippingAddress } });

// The order an online attempt holds (Awaiting Payment), paid in cash on delivery instead:
// the same order switched, not cancelled and placed again. 409 when it is not awaiting its
// payment any more (paid meanwhile, or given up), 400 where cash is not taken for it.
export const payOnDelivery = (id) =>
  apiClient.post(`/api/v1/orders/${encodeURIComponent(id)}/pay-on-delivery`);
