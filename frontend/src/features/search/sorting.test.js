import { describe, expect, it } from 'vitest';
import { readSearchSort, SEARCH_SORTS, sortResults } from './sorting';

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
    expect(readSearchSort(new URLSearchParams('q=x&sort=rating'))).toBe('rating');
    expect(readSearchSort(new URLSearchParams('q=x&sort=stars'))).toBe('relevance');
  });
});

describe('top rated', () => {
  const rated = [
    { name: 'Unrated', rating: { average: null, count: 0 } },
    { name: 'Four, few', rating: { average: 4, count: 2 } },
    { name: 'No rating key' },
    { name: 'Five', rating: { average: 5, count: 1 } },
    { name: 'Four, many', rating: { average: 4, count: 30 } },
  ];
  it('puts the highest average first, more reviews first among equals, unrated last', () => {
    expect(names(sortResults(rated, 'rating'))).toEqual([
      'Five',
      'Four, many',
      'Four, few',
      'Unrated',
      'No rating key',
    ]);
  });

  it('is offered as Top rated', () => {
    expect(SEARCH_SORTS.find((s) => s.value === 'rating').label).toBe('Top rated');
  });
});
