import { describe, expect, it } from 'vitest';
import { returnPath, signInReason } from './returnPath';

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

describe('signInReason', () => {
  it('says what a signed-out visitor was trying to see', () => {
    expect(signInReason('/dashboard/user/orders')).toBe('Please sign in to see your orders');
    expect(signInReason('/dashboard/user/orders?page=2')).toBe('Please sign in to see your orders');
    expect(signInReason('/dashboard/user/profile')).toBe('Please sign in to see your profile');
    expect(signInReason('/dashboard/user')).toBe('Please sign in to see your account');
    expect(signInReason('/cart')).toBeNull();
    expect(signInReason(undefined)).toBeNull();
  });
});
