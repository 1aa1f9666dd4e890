// What paying online through Razorpay's window says (useRazorpay). Kept with it, not in
// constants/messages, so that the first page's bundle does not carry it.
export const PAYMENT_MESSAGES = {
  paymentOpening: 'Opening the secure payment window ...',
  paymentWindowOpen: 'Complete the payment in the Razorpay window.',
  paymentConfirming: 'Confirming your payment ...',
  paymentKept: (id) => `Order #${id} is waiting for your payment.`,
  // The gateway's reason after ours, unless it only says again that the payment failed.
  paymentFailedReason: (reason) =>
    /^\s*(the )?payment (has )?failed[\s.!]*$/i.test(reason)
      ? 'The payment failed.'
      : `The payment failed: ${reason}`,
  paymentScriptFailed: 'Online payment could not be loaded. Try again or choose cash on delivery.',
  paymentUnconfirmed:
    'We could not confirm your payment. If money left your account, the order shows as paid in Your Orders shortly.',
};
