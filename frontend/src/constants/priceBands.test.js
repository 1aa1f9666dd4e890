import { describe, expect, it } from 'vitest';
import { PRICE_BANDS, bandById } from './priceBands';

describe('price bands (decision F1)', () => {
  it('have unique ids 0 to 5', () => {
    expect(PRICE_BANDS.map((b) => b._id)).toEqual([0, 1, 2, 3, 4, 5]);
  });
  it('send the real range, with an open top band', () => {
    expect(bandById(2).array).toEqual([350, 599]);
    expect(bandById('5').array).toEqual([1000, null]);
  });
  it('cover every rupee from 0 up without gaps', () => {
    for (let i = 1; i < PRICE_BANDS.length; i += 1) {
      expect(PRICE_BANDS[i].array[0]).toBe(PRICE_BANDS[i - 1].array[1] + 1);
    }
  });
});
