// What checkout says of paying online. Kept with it, not in constants/messages, so that
// the first page's bundle does not carry it.
export const CHECKOUT_MESSAGES = {
  orderPaid: 'Payment received. Your order is placed and your cart is empty now.',
  paymentServiceDown: 'Online payment is not available right now. Please try again.',
  payOnlineHint: 'You pay now in Razorpay’s secure window; the order is confirmed once it is paid.',
  codOverLimit: (limit) => `Not available for orders over ${limit}`,
  codNotAtPin: (pin) => `Not available at PIN code ${pin}`,
  noServedAddress:
    'We do not deliver to any of your saved addresses yet. Add an address we deliver to.',
};
