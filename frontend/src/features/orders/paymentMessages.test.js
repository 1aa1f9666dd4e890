import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from './paymentMessages';

describe('paymentFailedReason', () => {
  it("gives the gateway's reason after ours", () => {
    expect(PAYMENT_MESSAGES.paymentFailedReason('Your bank declined the payment')).toBe(
      'The payment failed: Your bank declined the payment',
    );
  });

  it.each(['Payment failed', 'payment failed.', 'Payment has failed', 'The payment failed!'])(
    'does not say it twice when the reason is only "%s"',
    (reason) => {
      expect(PAYMENT_MESSAGES.paymentFailedReason(reason)).toBe('The payment failed.');
    },
  );
});
