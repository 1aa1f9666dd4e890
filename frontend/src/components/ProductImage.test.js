import { describe, expect, it } from 'vitest';
import { photoSrc } from './ProductImage';

describe('photoSrc', () => {
  it("prefers the server's versioned photo URL, else the product-photo call", () => {
    expect(photoSrc({ _id: '4', photo: '/api/v1/product/product-photo/4?v=ab12' })).toBe(
      '/api/v1/product/product-photo/4?v=ab12',
    );
    expect(photoSrc({ _id: '4' })).toBe('/api/v1/product/product-photo/4');
  });

  it('asks for a rendition by width, keeping the version', () => {
    expect(photoSrc({ _id: '4', photo: '/api/v1/product/product-photo/4?v=ab12' }, 288)).toBe(
      '/api/v1/product/product-photo/4?v=ab12&w=288',
    );
  });
});
