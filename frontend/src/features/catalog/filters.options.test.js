// Option values in the home query string (`opt.Size=M`), in the product-filters and
// option-facets bodies, and in the heading.
import { describe, expect, it } from 'vitest';
import {
  describeFilters,
  facetRequest,
  filterRequest,
  hasFilters,
  readFilters,
  readOptions,
  shownFacets,
  toggleOption,
  withFilters,
  withOption,
} from './filters';

const params = (query) => new URLSearchParams(query);
const NONE = { checked: [], priceId: null, min: null, max: null };

describe('option values in the query string', () => {
  it('reads each option once, its values in the order chosen, once each', () => {
    expect(
      readOptions(params('opt.Size=M&category=3&opt.Colour=Black&opt.Size=L&opt.Size=M')),
    ).toEqual({ Size: ['M', 'L'], Colour: ['Black'] });
    expect(readOptions(params(''))).toEqual({});
    // readFilters keeps its shape: options are read apart.
    expect(readFilters(params('opt.Size=M'))).toEqual(NONE);
  });

  it('reads names and values that need encoding', () => {
    const query = toggleOption(params(''), 'Pack & size', 'Set of 2 / 3', true);
    expect(query.toString()).toBe('opt.Pack+%26+size=Set+of+2+%2F+3');
    expect(readOptions(query)).toEqual({ 'Pack & size': ['Set of 2 / 3'] });
  });

  it('cuts a hand-edited URL back to what the server accepts', () => {
    expect(
      readOptions(params(`opt.=M&opt.%20=M&opt.Size=&opt.Size=%20&opt.${'n'.repeat(31)}=M`)),
    ).toEqual({});
    expect(readOptions(params(`opt.Size=${'v'.repeat(51)}&opt.Size=a%07b`))).toEqual({});
    expect(Object.keys(readOptions(params('opt.A=1&opt.B=1&opt.C=1&opt.D=1')))).toEqual([
      'A',
      'B',
      'C',
    ]);
    const many = Array.from({ length: 35 }, (_, n) => `opt.Size=${n}`).join('&');
    expect(readOptions(params(many)).Size).toHaveLength(30);
  });

  it('ticks and unticks a value, keeping the other parameters and options', () => {
    const on = toggleOption(params('category=3&opt.Colour=Black&page=2'), 'Size', 'M', true);
    expect(on.getAll('category')).toEqual(['3']);
    expect(readOptions(on)).toEqual({ Colour: ['Black'], Size: ['M'] });
    const off = toggleOption(on, 'Colour', 'Black', false);
    expect(readOptions(off)).toEqual({ Size: ['M'] });
    expect(off.has('opt.Colour')).toBe(false);
  });

  it('writes a whole draft, options included, and clears them with an empty one', () => {
    const applied = withFilters(params('opt.Size=S&sort=price-asc'), {
      ...NONE,
      checked: ['3'],
      options: { Size: ['M', 'L'] },
    });
    expect(applied.getAll('opt.Size')).toEqual(['M', 'L']);
    expect(applied.get('sort')).toBe('price-asc');
    expect(readOptions(withFilters(applied, NONE))).toEqual({});
  });

  it('keeps an option in its place when a value is added or removed', () => {
    const options = { Size: ['M'], Colour: ['Black'] };
    expect(Object.keys(withOption(options, 'Size', 'L', true))).toEqual(['Size', 'Colour']);
    expect(withOption(options, 'Size', 'M', false)).toEqual({ Colour: ['Black'] });
    expect(options).toEqual({ Size: ['M'], Colour: ['Black'] });
  });
});

describe('option values in the calls', () => {
  it('counts as a filter, and is sent only when chosen', () => {
    const chosen = { ...NONE, options: { Size: ['XL'] } };
    expect(hasFilters(chosen)).toBe(true);
    expect(hasFilters({ ...NONE, options: {} })).toBe(false);
    expect(filterRequest(chosen, 1)).toEqual({
      checked: [],
      radio: [],
      page: 1,
      options: { Size: ['XL'] },
    });
    expect(filterRequest({ ...NONE, options: {} }, 1)).not.toHaveProperty('options');
  });

  it('asks option-facets about the categories and price only', () => {
    const filters = { checked: ['7', '3'], priceId: '2', min: null, max: null };
    expect(facetRequest({ ...filters, options: { Size: ['M'] } })).toEqual({
      checked: ['3', '7'],
      radio: [350, 599],
    });
    expect(facetRequest({ ...NONE, min: 100, max: null })).toEqual({
      checked: [],
      radio: [100, null],
    });
  });

  it('shows chosen values the facets no longer list, without a count', () => {
    const facets = [{ name: 'Size', values: [{ value: 'M', count: 2 }] }];
    expect(shownFacets(facets, { Size: ['XXL'], Fit: ['Slim'] })).toEqual([
      {
        name: 'Size',
        values: [
          { value: 'M', count: 2 },
          { value: 'XXL', count: null },
        ],
      },
      { name: 'Fit', values: [{ value: 'Slim', count: null }] },
    ]);
    expect(facets[0].values).toHaveLength(1);
  });

  it('names the chosen values in the heading', () => {
    const categories = [{ _id: 1, name: 'Shirts' }];
    expect(
      describeFilters({ ...NONE, checked: ['1'], options: { Size: ['M', 'L', 'XL'] } }, categories),
    ).toBe('Shirts, Size M, L or XL');
    expect(
      describeFilters(
        { ...NONE, priceId: '2', options: { Size: ['M'], Colour: ['Black'] } },
        categories,
      ),
    ).toBe('All Products, ₹350 to ₹599, Size M, Colour Black');
  });
});
