import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format';
import {
  COUPON_TEXTS,
  EMPTY_COUPON_FORM,
  conditionsText,
  couponErrors,
  couponPayload,
  couponStatus,
  discountText,
  formFromCoupon,
  usageText,
} from './coupons';
import { productIds, windowText } from './promotions';

const stored = {
  _id: '4',
  code: 'SAVE10',
  kind: 'percent',
  value: 10,
  minOrder: 999,
  maxDiscount: 500,
  startsAt: '2026-05-01T04:30:00.000Z',
  endsAt: null,
  usageLimit: 100,
  perCustomerLimit: null,
  firstOrderOnly: false,
  prepaidOnly: true,
  categories: ['2', '5'],
  products: ['12'],
  active: true,
  used: 7,
  discountGiven: 1234.5,
};

describe('coupon form', () => {
  it('shows a stored coupon and sends it back as it was', () => {
    const form = formFromCoupon(stored);
    expect(form).toMatchObject({
      code: 'SAVE10',
      value: '10',
      minOrder: '999',
      perCustomerLimit: '',
      categories: ['2', '5'],
      products: '12',
      prepaidOnly: true,
    });
    // Everything but what the server counts and names.
    const fields = { ...stored };
    ['_id', 'used', 'discountGiven'].forEach((key) => delete fields[key]);
    expect(couponPayload(form)).toEqual(fields);
  });

  it('sends empty fields as null (none), the code in capitals and product ids as a list', () => {
    const payload = couponPayload({
      ...EMPTY_COUPON_FORM,
      code: ' festive5 ',
      kind: 'amount',
      value: '50',
      products: ' 3,, 4 ,',
    });
    expect(payload).toEqual({
      code: 'FESTIVE5',
      kind: 'amount',
      value: 50,
      minOrder: null,
      maxDiscount: null,
      startsAt: null,
      endsAt: null,
      usageLimit: null,
      perCustomerLimit: null,
      firstOrderOnly: false,
      prepaidOnly: false,
      categories: [],
      products: ['3', '4'],
      active: true,
    });
    expect(productIds('')).toEqual([]);
  });

  it('finds what the server would refuse', () => {
    expect(couponErrors({ ...EMPTY_COUPON_FORM, code: 'OK10', value: '10' })).toEqual({});
    expect(
      couponErrors({
        ...EMPTY_COUPON_FORM,
        code: 'a b',
        value: '0',
        minOrder: '0',
        maxDiscount: '-5',
        usageLimit: '1.5',
        perCustomerLimit: '0',
        startsAt: '2026-10-20T09:30',
        endsAt: '2026-10-20T09:30',
        products: '12, abc',
      }),
    ).toEqual({
      code: COUPON_TEXTS.codeRule,
      value: COUPON_TEXTS.valueRequired,
      minOrder: COUPON_TEXTS.moneyInvalid('Min order'),
      maxDiscount: COUPON_TEXTS.moneyInvalid('Max discount'),
      usageLimit: COUPON_TEXTS.countInvalid('Usage limit'),
      perCustomerLimit: COUPON_TEXTS.countInvalid('Per customer limit'),
      endsAt: COUPON_TEXTS.endsBeforeStart,
      products: COUPON_TEXTS.productsInvalid,
    });
    expect(couponErrors({ ...EMPTY_COUPON_FORM, code: 'PCT', value: '101' })).toEqual({
      value: COUPON_TEXTS.percentTooHigh,
    });
    expect(
      couponErrors({ ...EMPTY_COUPON_FORM, code: 'AMT', kind: 'amount', value: '101' }),
    ).toEqual({});
  });
});

describe('coupon table texts', () => {
  it('says what a coupon takes off and on what conditions', () => {
    expect(discountText(stored, formatPrice)).toBe('10% off, at most ₹500');
    expect(discountText({ kind: 'amount', value: 150, maxDiscount: 90 }, formatPrice)).toBe(
      '₹150 off',
    );
    expect(conditionsText(stored, formatPrice)).toBe(
      'orders of ₹999 or more; online payment only; some items only',
    );
    expect(conditionsText({ firstOrderOnly: true, perCustomerLimit: 1 }, formatPrice)).toBe(
      'first order only; 1 per customer',
    );
  });

  it('says the window and the uses', () => {
    expect(windowText({})).toBe('Always');
    expect(windowText({ startsAt: stored.startsAt })).toMatch(/^From /);
    expect(windowText({ endsAt: stored.startsAt })).toMatch(/^Until /);
    expect(windowText({ startsAt: stored.startsAt, endsAt: stored.startsAt })).toContain(' – ');
    expect(usageText(stored)).toBe('7 / 100');
    expect(usageText({ used: 0, usageLimit: null })).toBe('0 / no limit');
  });

  it('says paused, ended, scheduled or active', () => {
    const now = Date.parse('2026-06-01T00:00:00Z');
    expect(couponStatus({ ...stored, active: false }, now)).toBe('Paused');
    expect(couponStatus({ ...stored, endsAt: '2026-05-31T00:00:00Z' }, now)).toBe('Ended');
    expect(couponStatus({ ...stored, startsAt: '2026-07-01T00:00:00Z' }, now)).toBe('Scheduled');
    expect(couponStatus(stored, now)).toBe('Active');
  });
});
