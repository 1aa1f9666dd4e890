import { describe, expect, it } from 'vitest';
import {
  activeCount,
  clearFilters,
  filterResults,
  naturalCompare,
  resultCategories,
  resultFacets,
} from './listing';

const NONE = { checked: [], priceId: null, min: null, max: null, options: {} };
const TEES = { _id: '1', name: 'Tees', slug: 'tees' };
const SHOES = { _id: '2', name: 'Shoes', slug: 'shoes' };
const sold = (name, values) =>
  values.map((value, n) => ({ _id: `${value}-${n}`, options: { [name]: value } }));
const tee = {
  _id: 't',
  name: 'Tee',
  price: 299,
  category: TEES,
  variants: sold('Size', ['XL', 'M']),
};
const shoe = {
  _id: 's',
  name: 'Shoe',
  price: 1999,
  category: SHOES,
  variants: sold('Size', ['UK 10', 'UK 6']),
};
const mug = {
  _id: 'm',
  name: 'Mug',
  price: 250,
  category: TEES,
  variants: [{ _id: 'x', options: {} }],
};

describe('naturalCompare', () => {
  it('orders sizes as clothes, numbers as numbers, text by letters', () => {
    const values = [
      'UK 10',
      'XXL',
      'uk 6',
      'M',
      'UK 6.5',
      's',
      '10',
      '2',
      'Blue',
      'black',
      'XL',
      '2XL',
    ];
    expect([...values].sort(naturalCompare)).toEqual([
      's',
      'M',
      'XL',
      'XXL',
      '2XL',
      '2',
      '10',
      'black',
      'Blue',
      'uk 6',
      'UK 6.5',
      'UK 10',
    ]);
  });
});

describe('search results filtered here', () => {
  const results = [shoe, tee, mug];

  it('keeps the categories ticked, the price band or range, and a variant in a chosen value', () => {
    expect(filterResults(results, { ...NONE, checked: ['1'] })).toEqual([tee, mug]);
    expect(filterResults(results, { ...NONE, priceId: '1' })).toEqual([tee, mug]); // ₹200-349
    expect(filterResults(results, { ...NONE, priceId: '5' })).toEqual([shoe]); // ₹1,000 or more
    expect(filterResults(results, { ...NONE, min: 260, max: null })).toEqual([shoe, tee]);
    expect(filterResults(results, { ...NONE, options: { Size: ['M', 'UK 6'] } })).toEqual([
      shoe,
      tee,
    ]);
    expect(filterResults(results, { ...NONE, checked: ['2'], options: { Size: ['M'] } })).toEqual(
      [],
    );
  });

  it('facets count the results of the categories and price, values in natural order', () => {
    expect(resultFacets(results, NONE)).toEqual([
      {
        name: 'Size',
        values: [
          { value: 'M', count: 1 },
          { value: 'XL', count: 1 },
          { value: 'UK 6', count: 1 },
          { value: 'UK 10', count: 1 },
        ],
      },
    ]);
    expect(
      resultFacets(results, { ...NONE, checked: ['2'] })[0].values.map((v) => v.value),
    ).toEqual(['UK 6', 'UK 10']);
    // Choosing a value does not hide the others.
    expect(resultFacets(results, { ...NONE, options: { Size: ['M'] } })[0].values).toHaveLength(4);
  });

  it('lists the categories of the results once, in the order they come', () => {
    expect(resultCategories(results)).toEqual([SHOES, TEES]);
  });
});

describe('the query string', () => {
  it('RESET FILTERS keeps the keyword and drops filters and order', () => {
    const params = new URLSearchParams(
      'q=tee&category=1&price=2&min=5&max=9&opt.Size=M&sort=rating',
    );
    expect(clearFilters(params).toString()).toBe('q=tee');
  });

  it('counts each category, the price once and each option value', () => {
    expect(activeCount({ ...NONE, checked: ['1'], min: 5, options: { Size: ['M', 'L'] } })).toBe(4);
    expect(activeCount(NONE)).toBe(0);
  });
});
