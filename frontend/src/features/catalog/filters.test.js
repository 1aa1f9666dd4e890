import { describe, expect, it } from 'vitest';
import {
  choosePrice,
  chooseRange,
  chooseSort,
  describeFilters,
  filterRequest,
  hasFilters,
  readFilters,
  readSort,
  SORTS,
  toggleCategory,
} from './filters';

const params = (query) => new URLSearchParams(query);

describe('home filters in the query string', () => {
  it('reads no filters from an empty query', () => {
    const filters = readFilters(params(''));
    expect(filters).toEqual({ checked: [], priceId: null, min: null, max: null });
    expect(hasFilters(filters)).toBe(false);
  });

  it('reads categories once each and a known price band', () => {
    const filters = readFilters(params('category=3&category=7&category=3&price=2'));
    expect(filters).toEqual({ checked: ['3', '7'], priceId: '2', min: null, max: null });
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
      'All Products, ₹1,000 or more',
    );
  });
});

describe('a price range of the shopper own, and the order', () => {
  it('reads whole-rupee ends, either open, and ignores them beside a band', () => {
    expect(readFilters(params('max=15000'))).toMatchObject({
      priceId: null,
      min: null,
      max: 15000,
    });
    expect(readFilters(params('min=500&max=abc'))).toMatchObject({ min: 500, max: null });
    expect(readFilters(params('price=1&min=500'))).toMatchObject({ priceId: '1', min: null });
    expect(hasFilters(readFilters(params('max=15000')))).toBe(true);
  });

  it('replaces a band with a range and a range with a band', () => {
    expect(chooseRange(params('price=1&category=3'), null, '15000').toString()).toBe(
      'category=3&max=15000',
    );
    expect(choosePrice(params('min=5&max=9'), 2).toString()).toBe('price=2');
  });

  it('sends the range, open ends as 0 and null, a reversed range put right', () => {
    const only = (filters) => filterRequest({ checked: [], priceId: null, ...filters }, 1).radio;
    expect(only({ min: null, max: 15000 })).toEqual([0, 15000]);
    expect(only({ min: 5000, max: null })).toEqual([5000, null]);
    expect(only({ min: 9000, max: 2000 })).toEqual([2000, 9000]);
  });

  it('names the range in rupees grouped the Indian way', () => {
    const name = (filters) => describeFilters({ checked: [], priceId: null, ...filters }, []);
    expect(name({ min: null, max: 15000 })).toBe('All Products, up to ₹15,000');
    expect(name({ min: 100000, max: null })).toBe('All Products, ₹1,00,000 or more');
    expect(name({ min: 1000, max: 15000 })).toBe('All Products, ₹1,000 to ₹15,000');
  });

  it('reads and writes the order, sending sort only when it is not newest', () => {
    expect(readSort(params('sort=price-desc'))).toBe('price-desc');
    expect(readSort(params('sort=cheapest'))).toBe('newest');
    expect(readSort(params('sort=rating'))).toBe('rating');
    expect(SORTS.find((s) => s.value === 'rating').label).toBe('Top rated');
    expect(filterRequest({ checked: [], priceId: null }, 1, 'rating')).toEqual({
      checked: [],
      radio: [],
      page: 1,
      sort: 'rating',
    });
    expect(chooseSort(params('sort=price-asc&category=3'), 'newest').toString()).toBe('category=3');
    const body = { checked: [], priceId: null, min: null, max: null };
    expect(filterRequest(body, 1, 'price-asc')).toEqual({
      checked: [],
      radio: [],
      page: 1,
      sort: 'price-asc',
    });
    expect(filterRequest(body, 1)).not.toHaveProperty('sort');
  });
});
