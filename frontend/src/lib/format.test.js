import { describe, expect, it } from 'vitest';
import { formatPrice, preview, productPhotoUrl } from './format';

describe('formatPrice', () => {
  it('formats rupees with Indian digit grouping', () => {
    expect(formatPrice(123456)).toBe('₹1,23,456.00');
    expect(formatPrice('199.5')).toBe('₹199.50');
  });
  it('shows zero for missing or bad values', () => {
    expect(formatPrice(undefined)).toBe('₹0.00');
    expect(formatPrice('abc')).toBe('₹0.00');
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
  it('treats null as empty', () => {
    expect(preview(null, 30)).toBe('...');
  });
});

describe('productPhotoUrl', () => {
  it('points at the product-photo call, with an optional width', () => {
    expect(productPhotoUrl({ _id: '7' })).toBe('/api/v1/product/product-photo/7');
    expect(productPhotoUrl('7', 320)).toBe('/api/v1/product/product-photo/7?w=320');
  });
});
