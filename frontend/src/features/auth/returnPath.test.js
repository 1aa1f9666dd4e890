import { describe, expect, it } from 'vitest';
import { returnPath } from './returnPath';

describe('returnPath (where login goes next)', () => {
  it('follows {from} as the guards and the cart send it, query included', () => {
    expect(returnPath({ from: '/cart' })).toBe('/cart');
    expect(returnPath({ from: '/dashboard/user/orders?page=2' })).toBe(
      '/dashboard/user/orders?page=2',
    );
  });
  it('accepts a bare path string, as the original client sent it', () => {
    expect(returnPath('/dashboard/user')).toBe('/dashboard/user');
  });
  it('falls back to / with no state, another origin, or the login page itself', () => {
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
    expect(returnPath({ from: 'https://evil.example.com' })).toBe('/');
    expect(returnPath({ from: '//evil.example.com' })).toBe('/');
    expect(returnPath({ from: '/login' })).toBe('/');
  });
});
