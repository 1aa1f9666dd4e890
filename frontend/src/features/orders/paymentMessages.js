// What paying online through Razorpay's window says (useRazorpay). Kept with it, not in
// constants/messages, so that the first page's bundle does not carry it.
export const PAYMENT_MESSAGES = {
  paymentOpening: 'Opening the secure payment window ...',
  paymentWindowOpen: 'Complete the payment in the Razorpay window.',
  paymentConfirming: 'Confirming your payment ...',
  paymentKept: (id) => `Order #${id} is waiting for your payment.`,
  paymentFailedReason: (reason) => `The payment failed: ${reason}`,
  paymentScriptFailed:
    'The payment window could not be loaded. Check your connection and try again.',
  paymentUnconfirmed:
    'We could not confirm your payment. If money left your account, the order shows as paid in Your Orders shortly.',
};
