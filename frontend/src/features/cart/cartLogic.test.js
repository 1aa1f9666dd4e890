import { describe, expect, it } from 'vitest';
import { addItem, cartTotal, removeItem, sanitizeCart } from './cartLogic';

const phone = { _id: '1', name: 'Phone', price: 999 };
const shirt = { _id: '2', name: 'Shirt', price: 499.5 };

describe('cart rules', () => {
  it('allows the same product more than once', () => {
    expect(addItem(addItem([], phone), phone)).toEqual([phone, phone]);
  });
  it('removes every entry of a product and nothing else', () => {
    expect(removeItem([phone, shirt, phone], '1')).toEqual([shirt]);
  });
  it('adds up prices, duplicates included', () => {
    expect(cartTotal([phone, shirt, phone])).toBe(2497.5);
  });
  it('drops malformed entries when restoring', () => {
    expect(sanitizeCart([phone, null, 3, { name: 'no id' }])).toEqual([phone]);
    expect(sanitizeCart({ not: 'a list' })).toEqual([]);
  });
});
