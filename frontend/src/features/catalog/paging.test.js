import { describe, expect, it } from 'vitest';
import { pageCount } from './paging';

describe('pageCount', () => {
  it('rounds a partial last page up', () => {
    expect(pageCount(13, 6)).toBe(3);
    expect(pageCount(12, 6)).toBe(2);
  });
  it('is at least one page, even with nothing to show', () => {
    expect(pageCount(0, 6)).toBe(1);
    expect(pageCount(5, 0)).toBe(1);
  });
});
