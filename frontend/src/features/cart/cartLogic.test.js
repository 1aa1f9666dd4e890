import { describe, expect, it } from 'vitest';
import {
  addItem,
  canAdd,
  cartEntry,
  cartTotal,
  checkoutLines,
  choiceText,
  countOf,
  groupCart,
  lineCountOf,
  lineKey,
  lineLabel,
  lineMax,
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

// A tee in two sizes and two colours; Blue M is not sold (no such variant).
const tee = {
  _id: '12',
  name: 'Tee',
  slug: 'tee',
  price: 499,
  quantity: 17,
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Black', 'Blue'] },
  ],
  variants: [
    { _id: '17', options: { Size: 'S', Colour: 'Black' }, price: 499, quantity: 2 },
    { _id: '18', options: { Size: 'M', Colour: 'Black' }, price: 549, quantity: 12 },
    { _id: '19', options: { Size: 'S', Colour: 'Blue' }, price: 499, quantity: 3 },
  ],
};
const mug = {
  _id: '30',
  name: 'Mug',
  slug: 'mug',
  price: 250,
  quantity: 6,
  options: [],
  variants: [{ _id: '31', options: {}, price: 250, quantity: 6 }],
};
const sBlack = cartEntry(tee, '17');
const mBlack = cartEntry(tee, '18');
const sBlue = cartEntry(tee, '19');

describe('variants in the cart', () => {
  it('stores a chosen variant as the product with its id, price and stock', () => {
    expect(mBlack).toMatchObject({
      _id: '12',
      name: 'Tee',
      variant: '18',
      price: 549,
      quantity: 12,
    });
    expect(cartEntry(tee, { ...tee.variants[2] }).variant).toBe('19');
  });
  it('needs a choice for a product with several variants, and a real one', () => {
    expect(cartEntry(tee)).toBeNull();
    expect(cartEntry(tee, '99')).toBeNull();
    expect(addItem([], cartEntry(tee))).toEqual([]);
  });
  it('maps a product with one variant to it, and keeps answers from before variants as they are', () => {
    expect(cartEntry(mug)).toMatchObject({ variant: '31', price: 250, quantity: 6 });
    expect(cartEntry(phone)).toBe(phone);
  });
  it('makes one line per product and variant, each with its own price', () => {
    const lines = groupCart([sBlack, mBlack, sBlack, phone]);
    expect(lines.map((l) => [l.key, l.quantity, l.subtotal, l.variant?._id])).toEqual([
      ['12:17', 2, 998, '17'],
      ['12:18', 1, 549, '18'],
      ['1', 1, 999, undefined],
    ]);
    expect(cartTotal([sBlack, mBlack])).toBe(1048);
  });
  it('counts an old entry of a one-variant product in the same line as its variant', () => {
    const old = { ...cartEntry(mug), variant: undefined };
    expect(lineKey(old)).toBe('30:31');
    expect(groupCart([old, cartEntry(mug)])).toHaveLength(1);
  });
  it('caps a line at its variant’s stock, whatever the other variants hold', () => {
    const cart = addItem(addItem([], sBlack), sBlack);
    expect(lineCountOf(cart, '12:17')).toBe(2);
    expect(canAdd(cart, sBlack)).toBe(false);
    expect(canAdd(cart, sBlue)).toBe(true);
  });
  it('caps a product at 10 units over all its variants', () => {
    let cart = [];
    for (let i = 0; i < 8; i += 1) cart = addItem(cart, mBlack);
    cart = addItem(addItem(cart, sBlack), sBlack);
    expect(countOf(cart, '12')).toBe(10);
    expect(canAdd(cart, sBlue)).toBe(false);
    expect(addItem(cart, mBlack)).toBe(cart);
    expect(canAdd(cart, phone)).toBe(true);
    // The stepper of one line stops where the product's other lines leave room.
    expect(setQuantity(cart, '12:18', 12).length).toBe(10);
    expect(lineMax(cart, mBlack)).toBe(8);
  });
  it('removes and sets the quantity of one variant line only', () => {
    const cart = [sBlack, mBlack, sBlack];
    expect(removeItem(cart, '12:17')).toEqual([mBlack]);
    expect(setQuantity(cart, '12:18', 3)).toEqual([sBlack, mBlack, mBlack, mBlack, sBlack]);
    expect(setQuantity(cart, '12:17', 1)).toEqual([sBlack, mBlack]);
  });
  it('names a line by its choice', () => {
    expect(choiceText(mBlack)).toBe('Size: M · Colour: Black');
    expect(lineLabel(mBlack)).toBe('Tee (Size M, Colour Black)');
    expect(lineLabel(phone)).toBe('Phone');
  });
  it('sends the variant of each line at checkout, and none for an old entry', () => {
    expect(checkoutLines([sBlack, mBlack, sBlack, phone])).toEqual([
      { _id: '12', quantity: 2, variant: '17' },
      { _id: '12', quantity: 1, variant: '18' },
      { _id: '1', quantity: 1 },
    ]);
  });
  it('keeps old stored entries when restoring, and drops a malformed variant', () => {
    expect(sanitizeCart([phone, sBlack, { ...tee, variant: { id: 1 } }])).toEqual([phone, sBlack]);
  });
});

describe('refreshing variants from the server', () => {
  it('drops a line whose variant was deleted, naming its choice', () => {
    const now = { ...tee, variants: tee.variants.filter((v) => v._id !== '18') };
    const result = refreshCart([sBlack, mBlack, mBlack], { 12: now });
    expect(result.variantsGone).toEqual(['Tee (Size M, Colour Black)']);
    expect(result.removed).toEqual(['Tee (Size M, Colour Black)']);
    expect(result.cart).toEqual([cartEntry(now, '17')]);
  });
  it('takes a variant’s new price and stock, trims to it, and drops a sold-out one', () => {
    const now = {
      ...tee,
      variants: [
        { ...tee.variants[0], quantity: 0 },
        { ...tee.variants[1], price: 599, quantity: 1 },
        tee.variants[2],
      ],
    };
    const result = refreshCart([sBlack, mBlack, mBlack, sBlue], { 12: now });
    expect(result.removed).toEqual(['Tee (Size S, Colour Black)']);
    expect(result.variantsGone).toEqual([]);
    expect(result.priceChanges).toEqual([
      { id: '12:18', name: 'Tee (Size M, Colour Black)', was: 549, now: 599 },
    ]);
    expect(groupCart(result.cart).map((l) => [l.key, l.quantity, l.product.price])).toEqual([
      ['12:18', 1, 599],
      ['12:19', 1, 499],
    ]);
  });
  it('maps an entry stored before variants to the product’s one variant', () => {
    const old = { _id: '30', name: 'Mug', slug: 'mug', price: 250 };
    const result = refreshCart([old, old], { 30: mug });
    expect(result.removed).toEqual([]);
    expect(result.cart).toEqual([cartEntry(mug), cartEntry(mug)]);
    expect(checkoutLines(result.cart)).toEqual([{ _id: '30', quantity: 2, variant: '31' }]);
  });
  it('drops an old entry of a product that now needs a choice, and says why', () => {
    const old = { _id: '12', name: 'Tee', slug: 'tee', price: 499 };
    const result = refreshCart([old, phone], { 12: tee });
    expect(result.needChoice).toEqual(['Tee']);
    expect(result.cart).toEqual([phone]);
  });
});

describe('sale prices in the cart', () => {
  const DIWALI = { name: 'Diwali Sale', endsAt: '2099-11-05T18:29:00Z' };
  const onSale = {
    ...tee,
    price: 399,
    regularPrice: 499,
    sale: DIWALI,
    variants: tee.variants.map((v) => ({ ...v, regularPrice: v.price, price: v.price - 100 })),
  };

  it('stores a variant’s own price and regular price, and the product’s sale', () => {
    expect(cartEntry(onSale, '18')).toMatchObject({
      variant: '18',
      price: 449,
      regularPrice: 549,
      sale: DIWALI,
    });
    // No regular price of the product's standing for a variant that has none.
    expect(cartEntry({ ...tee, regularPrice: 499 }, '18')).not.toHaveProperty('regularPrice');
  });

  it('takes the price in force, the regular price and the sale from the fresh answer', () => {
    const result = refreshCart([mBlack, mBlack], { 12: onSale });
    expect(result.priceChanges).toEqual([
      { id: '12:18', name: 'Tee (Size M, Colour Black)', was: 549, now: 449 },
    ]);
    expect(result.cart).toHaveLength(2);
    expect(result.cart[0]).toMatchObject({ price: 449, regularPrice: 549, sale: DIWALI });
    // And back when the sale is over: the sale leaves with it.
    const after = { ...tee, regularPrice: tee.price, sale: null };
    const ended = refreshCart(result.cart, { 12: after });
    expect(ended.cart[0]).toMatchObject({ price: 549, sale: null });
    expect(ended.priceChanges).toEqual([
      { id: '12:18', name: 'Tee (Size M, Colour Black)', was: 449, now: 549 },
    ]);
  });
});
