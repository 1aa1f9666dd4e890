import { describe, expect, it } from 'vitest';
import { mrpFor, percentOff, regularPriceFor, struckPrice } from './mrp';

const variant = (id, price, mrp) => ({ _id: id, options: { Size: id }, price, quantity: 3, mrp });

describe('percentOff', () => {
  it('is the whole percent off the MRP, rounded down', () => {
    expect(percentOff(1999, 1499)).toBe(25);
    expect(percentOff('1000', '667')).toBe(33);
    expect(percentOff(999.99, 999)).toBe(0);
  });
  it('is null when the MRP is not above the price, or unknown', () => {
    expect(percentOff(1499, 1499)).toBeNull();
    expect(percentOff(1000, 1200)).toBeNull();
    expect(percentOff(null, 1200)).toBeNull();
    expect(percentOff(undefined, 1200)).toBeNull();
    expect(percentOff('', 1200)).toBeNull();
    expect(percentOff(0, 0)).toBeNull();
  });
});

describe('mrpFor', () => {
  it('reads a product without variants, and null when it has none', () => {
    expect(mrpFor({ price: 1499, mrp: 1999 })).toBe(1999);
    expect(mrpFor({ price: 1499, mrp: '1999.50' })).toBe(1999.5);
    expect(mrpFor({ price: 1499, mrp: null })).toBeNull();
    expect(mrpFor({ price: 1499 })).toBeNull();
  });
  it('takes a chosen variant’s own MRP, and none from the product when there are several', () => {
    const tee = {
      price: 499,
      mrp: 799,
      variants: [variant('S', 499, 699), variant('M', 549, null)],
    };
    expect(mrpFor(tee, tee.variants[0])).toBe(699);
    expect(mrpFor(tee, tee.variants[1])).toBeNull();
  });
  it('falls back to the product’s MRP for its one variant', () => {
    const mug = { price: 250, mrp: 300, variants: [variant('One', 250, null)] };
    expect(mrpFor(mug)).toBe(300);
    expect(mrpFor(mug, mug.variants[0])).toBe(300);
  });
  it('gives one MRP without a choice only when the variants share price and MRP', () => {
    const same = { price: 499, variants: [variant('S', 499, 699), variant('M', 499, 699)] };
    expect(mrpFor(same)).toBe(699);
    const mrps = { price: 499, variants: [variant('S', 499, 699), variant('M', 499, 799)] };
    expect(mrpFor(mrps)).toBeNull();
    const prices = { price: 499, variants: [variant('S', 499, 699), variant('M', 549, 699)] };
    expect(mrpFor(prices)).toBeNull();
    // Narrowed to the variants still possible: one left is as good as chosen.
    expect(mrpFor(prices, null, [prices.variants[1]])).toBe(699);
    expect(mrpFor(prices, null, [])).toBeNull();
  });
});

describe('regularPriceFor', () => {
  it('reads the product’s, a chosen variant’s own, and a shared one without a choice', () => {
    expect(regularPriceFor({ price: 1499, regularPrice: 1999 })).toBe(1999);
    expect(regularPriceFor({ price: 1499 })).toBeNull();
    const tee = {
      price: 399,
      regularPrice: 499,
      variants: [
        { ...variant('S', 399, null), regularPrice: 499 },
        { ...variant('M', 399, null), regularPrice: 499 },
        { ...variant('L', 449, null), regularPrice: 549 },
      ],
    };
    expect(regularPriceFor(tee, tee.variants[2])).toBe(549);
    expect(regularPriceFor(tee, null, tee.variants.slice(0, 2))).toBe(499);
    // A price range has no one regular price.
    expect(regularPriceFor(tee)).toBeNull();
  });
});

describe('struckPrice', () => {
  it('strikes the MRP when it is above the price, the percentage off against it', () => {
    expect(struckPrice({ mrp: 1999, regular: 1499, price: 999 })).toEqual({
      kind: 'mrp',
      amount: 1999,
      off: 50,
    });
  });
  it('strikes the regular price in a sale without an MRP above the price', () => {
    expect(struckPrice({ mrp: null, regular: 1999, price: 1499 })).toEqual({
      kind: 'regular',
      amount: 1999,
      off: 25,
    });
    expect(struckPrice({ mrp: 1499, regular: '2000', price: 1500 })).toEqual({
      kind: 'regular',
      amount: 2000,
      off: 25,
    });
  });
  it('strikes nothing outside a sale without an MRP', () => {
    expect(struckPrice({ mrp: null, regular: 1499, price: 1499 })).toBeNull();
    expect(struckPrice({ price: 1499 })).toBeNull();
  });
});
