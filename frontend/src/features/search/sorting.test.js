import { describe, expect, it } from 'vitest';
import { readSearchSort, sortResults } from './sorting';

const found = [
  { name: 'Best', price: 15000, createdAt: '2026-01-01T00:00:00Z' },
  { name: 'Cheap', price: 999, createdAt: '2026-03-01T00:00:00Z' },
  { name: 'Dear', price: 80000, createdAt: '2026-02-01T00:00:00Z' },
  { name: 'Also 999', price: 999, createdAt: '2025-12-01T00:00:00Z' },
];
const names = (list) => list.map((p) => p.name);

describe('search result orders', () => {
  it('keeps the server order for relevance and orders by price or date otherwise', () => {
    expect(sortResults(found, 'relevance')).toBe(found);
    expect(names(sortResults(found, 'price-asc'))).toEqual(['Cheap', 'Also 999', 'Best', 'Dear']);
    expect(names(sortResults(found, 'price-desc'))).toEqual(['Dear', 'Best', 'Cheap', 'Also 999']);
    expect(names(sortResults(found, 'newest'))).toEqual(['Cheap', 'Dear', 'Best', 'Also 999']);
    expect(names(found)).toEqual(['Best', 'Cheap', 'Dear', 'Also 999']);
  });

  it('reads the order from the address, relevance when unknown', () => {
    expect(readSearchSort(new URLSearchParams('q=x&sort=price-desc'))).toBe('price-desc');
    expect(readSearchSort(new URLSearchParams('q=x&sort=rating'))).toBe('relevance');
  });
});
