import { describe, expect, it } from 'vitest';
import {
  asStored,
  TEXTS,
  combinations,
  galleryChanged,
  moveItem,
  optionErrors,
  optionsPayload,
  rowsFromProduct,
  variantErrors,
  variantsPayload,
} from './variants';

const size = { id: 'a', name: 'Size', values: ['S', 'M', 'L'] };
const colour = { id: 'b', name: 'Colour', values: ['Black', 'Blue', 'Red', 'White'] };

describe('variants model', () => {
  it('makes every combination, first option slowest, leaving out options without values', () => {
    const combos = combinations([size, { id: 'c', name: 'Fit', values: [] }, colour]);
    expect(combos).toHaveLength(12);
    expect(combos.slice(0, 5).map((c) => c.label)).toEqual([
      'S / Black',
      'S / Blue',
      'S / Red',
      'S / White',
      'M / Black',
    ]);
    expect(combinations([])).toEqual([]);
    expect(combinations([{ id: 'c', name: 'Fit', values: [] }])).toEqual([]);
  });

  it('finds duplicate names and values whatever their case; blanks only when asked', () => {
    const options = [
      { id: 'a', name: 'Size', values: ['S', 's'] },
      { id: 'b', name: ' size ', values: [] },
      { id: 'c', name: '', values: ['X'] },
    ];
    expect(optionErrors(options)).toEqual({
      'option:a:values': TEXTS.optionValueTaken('s', 'Size'),
      'option:b:name': TEXTS.optionNameTaken('size'),
    });
    expect(optionErrors(options, { complete: true })).toEqual({
      'option:a:values': TEXTS.optionValueTaken('s', 'Size'),
      'option:b:name': TEXTS.optionNameTaken('size'),
      'option:b:values': TEXTS.optionValuesRequired,
      'option:c:name': TEXTS.optionNameRequired,
    });
  });

  it('puts stored variants on their rows and sends them back with their _id', () => {
    const product = {
      price: 100,
      variants: [
        { _id: '1', sku: 'A', options: { Size: 's', Colour: 'Black' }, price: 100, quantity: 2 },
        {
          _id: '2',
          sku: 'B',
          options: { Size: 'M', Colour: 'Red' },
          price: 120,
          quantity: 0,
          mrp: 150,
        },
      ],
    };
    const rows = rowsFromProduct(product, [size, colour]);
    expect(Object.values(rows).filter((row) => row.sold)).toHaveLength(2);
    expect(variantsPayload([size, colour], rows)).toEqual([
      {
        _id: '1',
        sku: 'A',
        options: { Size: 'S', Colour: 'Black' },
        price: null,
        quantity: 2,
        mrp: null,
      },
      {
        _id: '2',
        sku: 'B',
        options: { Size: 'M', Colour: 'Red' },
        price: 120,
        quantity: 0,
        mrp: 150,
      },
    ]);
  });

  it('tells a changed gallery from an untouched one', () => {
    const stored = [
      { key: 'p1', _id: '5', alt: 'Front', option: 'Blue' },
      { key: 'p2', _id: '6', alt: 'Back', option: null },
    ];
    const options = [{ id: 'b', name: 'Colour', values: ['Blue'] }];
    expect(galleryChanged(stored, stored, options)).toBe(false);
    expect(galleryChanged(moveItem(stored, 1, 0), stored, options)).toBe(true);
    expect(galleryChanged([{ ...stored[0], alt: 'Side' }, stored[1]], stored, options)).toBe(true);
    // A photo's option value that is gone is sent as none: a change.
    expect(galleryChanged(stored, stored, [])).toBe(true);
  });

  it('refuses more sold combinations than the server takes (100)', () => {
    const five = (id) => ({ id, name: id, values: ['1', '2', '3', '4', '5'] });
    const options = [five('a'), five('b'), five('c')];
    expect(variantErrors(options, {}, '10')).toEqual({ variants: TEXTS.tooManySold });
    expect(variantErrors(options.slice(0, 2), {}, '10')).toEqual({});
  });

  it('sends names with their spaces tidied, as the server keeps them', () => {
    const options = [{ id: 'f', name: ' Fit   type ', values: ['Slim'] }];
    expect(optionsPayload(options)).toEqual([{ name: 'Fit type', values: ['Slim'] }]);
    expect(variantsPayload(options, {})).toEqual([
      { options: { 'Fit type': 'Slim' }, price: null, quantity: 0, mrp: null },
    ]);
    expect(optionErrors([...options, { id: 'g', name: 'fit type', values: ['X'] }])).toEqual({
      'option:g:name': TEXTS.optionNameTaken('fit type'),
    });
  });
});

describe('asStored', () => {
  it('gives the editor the stored prices, not the sale prices a product answer shows', () => {
    const onSale = {
      _id: '7',
      price: 750,
      regularPrice: 1000,
      sale: { name: 'Diwali Sale', endsAt: '2026-11-05T18:29:00Z' },
      variants: [
        { _id: '70', price: 750, regularPrice: 1000 },
        { _id: '71', price: 900, regularPrice: 1200 },
      ],
    };
    const stored = asStored(onSale);
    expect(stored.price).toBe(1000);
    expect(stored.variants.map((v) => v.price)).toEqual([1000, 1200]);
    expect(onSale.price).toBe(750); // the answer itself is left as it was
  });

  it('leaves an answer without regular prices (an older server) as it is', () => {
    const plain = { _id: '8', price: 499, variants: [{ _id: '80', price: 499 }] };
    expect(asStored(plain)).toEqual(plain);
    expect(asStored({ _id: '9', price: 10 })).toEqual({ _id: '9', price: 10 });
  });
});
