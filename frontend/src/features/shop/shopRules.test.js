import { describe, expect, it } from 'vitest';
import { paymentOffer } from './shopRules';

const RAZORPAY = { keyId: 'rzp_test_key', checkoutUrl: 'https://checkout.example/v1.js' };
const known = { loading: false, failed: false, codLimit: 50000, razorpay: null };

describe('paymentOffer', () => {
  it('offers what shop-info lists: cash on delivery up to its cap, online with Razorpay’s settings', () => {
    expect(paymentOffer({ ...known, paymentMethods: ['cod'] })).toEqual({
      codOffered: true,
      codLimit: 50000,
      online: null,
    });
    expect(paymentOffer({ ...known, paymentMethods: ['razorpay'], razorpay: RAZORPAY })).toEqual({
      codOffered: false,
      codLimit: 50000,
      online: RAZORPAY,
    });
  });

  it('keeps cash on delivery while shop-info is loading or has failed: the server decides', () => {
    const unknown = { paymentMethods: [], codLimit: null, razorpay: null };
    expect(paymentOffer({ ...unknown, loading: true, failed: false }).codOffered).toBe(true);
    expect(paymentOffer({ ...unknown, loading: false, failed: true }).codOffered).toBe(true);
    expect(paymentOffer({ ...unknown, loading: false, failed: true }).online).toBeNull();
  });
});
