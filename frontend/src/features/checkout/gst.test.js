import { describe, expect, it } from 'vitest';
import { cartGst, gstIncluded, taxPaise } from './gst';

// Figures of orders the server placed (a pytest run of checkout: 3 socks at ₹100.15, GST 5%,
// 7 cables at ₹199.50, GST 18%, ₹49 delivery below the ₹3,000 threshold): its `taxTotal`
// was 234.84 to the shop's state (CGST + SGST) and 234.81 to Delhi (IGST); one pair of
// socks with delivery to the shop's state: 7.12.
const SOCKS = { price: 100.15, quantity: 3, rate: 5 };
const CABLES = { price: 199.5, quantity: 7, rate: 18 };

describe('gstIncluded', () => {
  it('matches the server’s orders, within the state and to another', () => {
    expect(gstIncluded({ lines: [SOCKS, CABLES], charge: 49, intraState: true })).toBe(234.84);
    expect(gstIncluded({ lines: [SOCKS, CABLES], charge: 49, intraState: false })).toBe(234.81);
    expect(gstIncluded({ lines: [{ ...SOCKS, quantity: 1 }], charge: 49, intraState: true })).toBe(
      7.12,
    );
  });

  it('rounds each line half up to the paisa, and each half of it within the state', () => {
    // orders/tests/test_gst.py: 100.15 at 5% is 4.77 of IGST, 2.39 + 2.39 within the state;
    // 2,625.01 at 18% is 400.43, halves 200.22 each.
    expect(taxPaise(10015, 5, false)).toBe(477);
    expect(taxPaise(10015, 5, true)).toBe(478);
    expect(taxPaise(262501, 18, true)).toBe(40044);
    expect(taxPaise(99999, 40, false)).toBe(28571);
    expect(taxPaise(49900, 0, true)).toBe(0);
  });

  it('taxes what is paid after the coupon, and free delivery not at all', () => {
    // 2,625 - 125 = 2,500 at 5%: 119.05.
    expect(gstIncluded({ lines: [{ price: 2625, quantity: 1, rate: 5, discount: 125 }] })).toBe(
      119.05,
    );
    expect(gstIncluded({ lines: [SOCKS], charge: 0 })).toBe(14.31);
  });

  it('knows nothing when a line’s rate is unknown', () => {
    expect(gstIncluded({ lines: [{ price: 10, quantity: 1 }] })).toBeNull();
    expect(gstIncluded({ lines: [] })).toBeNull();
  });
});

describe('cartGst', () => {
  const socks = { _id: '1', price: 100.15, gstRate: 5 };
  const tee = { _id: '2', price: 2625, gstRate: 5 };
  const cables = { product: { _id: '3', price: 199.5, gstRate: 12 }, quantity: 7 };
  // A variant's own rate wins over the product's (the product answer's variants).
  cables.variant = { _id: '30', gstRate: 18 };
  const lines = [{ product: socks, variant: null, quantity: 3 }, cables];

  it('reads the rates from the cart’s lines and the states from the address and the shop', () => {
    const base = { lines, charge: 49, shopState: 'Karnataka' };
    expect(cartGst({ ...base, deliveryState: 'Karnataka' })).toBe(234.84);
    expect(cartGst({ ...base, deliveryState: 'Delhi' })).toBe(234.81);
    expect(cartGst({ ...base, deliveryState: null })).toBeNull(); // the profile's text
  });

  it('takes each line’s share of the coupon off before the tax', () => {
    const one = [{ product: tee, variant: null, quantity: 1 }];
    const shares = [{ _id: '2', variant: null, discount: 125 }];
    const base = { lines: one, charge: 0, deliveryState: 'Delhi', shopState: 'Karnataka' };
    expect(cartGst({ ...base, shares, discount: 125 })).toBe(119.05);
    // A discount whose shares are not known: no figure rather than a wrong one.
    expect(cartGst({ ...base, shares: [], discount: 125 })).toBeNull();
  });
});
