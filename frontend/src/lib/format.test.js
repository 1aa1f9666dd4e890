import { describe, expect, it } from 'vitest';
import { formatPrice, preview, productPhotoUrl } from './format';

describe('formatPrice', () => {
  it('formats rupees with Indian digit grouping, whole rupees without paise', () => {
    expect(formatPrice(123456)).toBe('₹1,23,456');
    expect(formatPrice(15299)).toBe('₹15,299');
    expect(formatPrice('199.5')).toBe('₹199.50');
    expect(formatPrice(0.5)).toBe('₹0.50');
    expect(formatPrice(9.999)).toBe('₹10');
  });
  it('writes what Intl.NumberFormat en-IN writes (less ".00"), without loading its locale data', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    const values = [
      0,
      0.005,
      0.015,
      0.125,
      1,
      9.999,
      12,
      99.5,
      100,
      999,
      1000,
      1234.565,
      12345,
      99999.995,
      100000,
      123456.7,
      1000000,
      12345678.9,
      999999999.99,
      10 ** 15,
      -1,
      -1234.5,
      -99999.99,
      '0.10',
      '2500',
      '1e3',
      0.0049,
      1e-7,
      1e21,
      2.5e22,
    ];
    // And a fixed spread of amounts with up to three decimals (rounding to paise).
    for (let i = 0; i < 3000; i += 1) values.push(((i * 2654435761) % 10 ** ((i % 12) + 1)) / 1000);
    for (const value of values) {
      expect(formatPrice(value)).toBe(intl.format(Number(value)).replace(/\.00$/, ''));
    }
  });
  it('shows zero for missing or bad values', () => {
    expect(formatPrice(undefined)).toBe('₹0');
    expect(formatPrice('abc')).toBe('₹0');
  });
});

describe('preview', () => {
  it('keeps the first N characters and adds an ellipsis', () => {
    expect(preview('abcdefghijklmnopqrstuvwxyz0123456789', 30)).toBe(
      'abcdefghijklmnopqrstuvwxyz0123...',
    );
  });
  it('never splits a character outside the basic plane', () => {
    expect(preview('😀😀😀', 2)).toBe('😀😀...');
  });
  it('adds no ellipsis to text that was not cut', () => {
    expect(preview('Short and sweet.', 30)).toBe('Short and sweet.');
    expect(preview('a'.repeat(30), 30)).toBe('a'.repeat(30));
    expect(preview('a'.repeat(31), 30)).toBe(`${'a'.repeat(30)}...`);
  });
  it('treats null as empty', () => {
    expect(preview(null, 30)).toBe('');
  });
});

describe('productPhotoUrl', () => {
  it('points at the product-photo call, with an optional width', () => {
    expect(productPhotoUrl({ _id: '7' })).toBe('/api/v1/product/product-photo/7');
    expect(productPhotoUrl('7', 320)).toBe('/api/v1/product/product-photo/7?w=320');
  });
});
