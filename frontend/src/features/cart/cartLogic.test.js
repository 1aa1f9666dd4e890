import { describe, expect, it } from 'vitest';
import {
  addItem,
  canAdd,
  cartTotal,
  checkoutLines,
  groupCart,
  maxQuantity,
  refreshCart,
  removeItem,
  sanitizeCart,
  setQuantity,
  stockLabel,
} from './cartLogic';

const phone = { _id: '1', name: 'Phone', price: 999, quantity: 3 };
const shirt = { _id: '2', name: 'Shirt', price: 499.5, quantity: 50 };
const legacy = { _id: '3', name: 'Old entry', price: 100 }; // no stock known

describe('cart rules', () => {
  it('allows the same product more than once, up to its stock', () => {
    const cart = addItem(addItem(addItem([], phone), phone), phone);
    expect(cart).toEqual([phone, phone, phone]);
    expect(addItem(cart, phone)).toBe(cart);
    expect(canAdd(cart, phone)).toBe(false);
  });
  it('never adds a sold-out product', () => {
    expect(addItem([], { ...phone, quantity: 0 })).toEqual([]);
  });
  it('caps one product at 10 whatever the stock', () => {
    expect(maxQuantity(shirt)).toBe(10);
    expect(maxQuantity(phone)).toBe(3);
    expect(maxQuantity(legacy)).toBe(10);
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

describe('grouping and the stepper', () => {
  it('groups repeated products into one line, in the order first added', () => {
    const lines = groupCart([phone, shirt, phone]);
    expect(lines.map((l) => [l.product.name, l.quantity, l.subtotal])).toEqual([
      ['Phone', 2, 1998],
      ['Shirt', 1, 499.5],
    ]);
  });
  it('sets a quantity within 1 and the cap, keeping the stored shape', () => {
    expect(setQuantity([shirt, phone], '2', 3)).toEqual([shirt, shirt, shirt, phone]);
    expect(setQuantity([shirt, phone, phone], '1', 1)).toEqual([shirt, phone]);
    expect(setQuantity([phone], '1', 9)).toEqual([phone, phone, phone]);
    expect(setQuantity([phone], '1', 0)).toEqual([phone]);
    expect(setQuantity([phone], '9', 2)).toEqual([phone]);
  });
  it('sends one line per product at checkout', () => {
    expect(checkoutLines([phone, shirt, phone])).toEqual([
      { _id: '1', quantity: 2 },
      { _id: '2', quantity: 1 },
    ]);
  });
});

describe('stock labels', () => {
  it.each([
    [0, 'Out of stock'],
    [1, 'Only 1 left'],
    [5, 'Only 5 left'],
    [6, 'In stock'],
  ])('%i in stock reads %s', (quantity, label) => {
    expect(stockLabel({ quantity })).toBe(label);
  });
});

describe('refreshing from the server', () => {
  it('drops deleted and sold-out products, reports price changes, trims to stock', () => {
    const cart = [phone, phone, shirt, legacy];
    const result = refreshCart(cart, {
      1: { ...phone, price: 899, quantity: 1 },
      2: { ...shirt, quantity: 0 },
      3: null,
    });
    expect(result.removed).toEqual(['Shirt', 'Old entry']);
    expect(result.priceChanges).toEqual([{ id: '1', name: 'Phone', was: 999, now: 899 }]);
    expect(result.cart).toEqual([{ ...phone, price: 899, quantity: 1 }]);
  });
  it('leaves products the server did not answer for alone', () => {
    expect(refreshCart([phone], {}).cart).toEqual([phone]);
  });
});
