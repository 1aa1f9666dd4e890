import { describe, expect, it } from 'vitest';
import {
  choosePrice,
  describeFilters,
  filterRequest,
  hasFilters,
  readFilters,
  toggleCategory,
} from './filters';

const params = (query) => new URLSearchParams(query);

describe('home filters in the query string', () => {
  it('reads no filters from an empty query', () => {
    const filters = readFilters(params(''));
    expect(filters).toEqual({ checked: [], priceId: null });
    expect(hasFilters(filters)).toBe(false);
  });

  it('reads categories once each and a known price band', () => {
    const filters = readFilters(params('category=3&category=7&category=3&price=2'));
    expect(filters).toEqual({ checked: ['3', '7'], priceId: '2' });
    expect(hasFilters(filters)).toBe(true);
  });

  it('ignores category ids that are not whole numbers', () => {
    expect(readFilters(params('category=abc&category=4&category=')).checked).toEqual(['4']);
  });

  it('ignores an unknown price band instead of sending a bad range', () => {
    expect(readFilters(params('price=42')).priceId).toBeNull();
    expect(readFilters(params('price=abc')).priceId).toBeNull();
  });

  it('toggles a category on and off, keeping the other parameters', () => {
    const on = toggleCategory(params('price=1&category=3'), 7, true);
    expect(on.getAll('category')).toEqual(['3', '7']);
    expect(on.get('price')).toBe('1');
    const off = toggleCategory(on, '3', false);
    expect(off.getAll('category')).toEqual(['7']);
  });

  it('replaces the price band', () => {
    expect(choosePrice(params('price=1&category=3'), 5).toString()).toBe('price=5&category=3');
  });

  it('builds the product-filters body with the band range of decision F1 and the page', () => {
    expect(filterRequest({ checked: ['3'], priceId: '2' }, 1)).toEqual({
      checked: ['3'],
      radio: [350, 599],
      page: 1,
    });
    expect(filterRequest({ checked: [], priceId: '5' }, 2).radio).toEqual([1000, null]);
    expect(filterRequest({ checked: ['3'], priceId: null }, 1).radio).toEqual([]);
  });
});

describe('describeFilters', () => {
  const categories = [
    { _id: 1, name: 'Audio' },
    { _id: 2, name: 'Cameras' },
    { _id: 3, name: 'Phones' },
  ];
  it('says All Products without filters', () => {
    expect(describeFilters({ checked: [], priceId: null }, categories)).toBe('All Products');
  });
  it('names the chosen categories and the price band', () => {
    expect(describeFilters({ checked: ['2'], priceId: null }, categories)).toBe('Cameras');
    expect(describeFilters({ checked: ['3', '1'], priceId: '1' }, categories)).toBe(
      'Audio and Phones, ₹200 to ₹349',
    );
    expect(describeFilters({ checked: ['1', '2', '3'], priceId: null }, categories)).toBe(
      'Audio, Cameras and Phones',
    );
    expect(describeFilters({ checked: [], priceId: '5' }, categories)).toBe(
      'All Products, ₹1000 or more',
    );
  });
});
