import { describe, expect, it } from 'vitest';
import { greetingName, itemCountMessage } from './cartSummary';

describe('cart texts', () => {
  it('greets the user by name, or a guest', () => {
    expect(greetingName({ name: 'Asha' })).toBe('Asha');
    expect(greetingName(null)).toBe('Guest');
    expect(greetingName({ name: '' })).toBe('Guest');
  });
  it('counts items and asks guests to log in', () => {
    expect(itemCountMessage(0, false)).toBe('Your Cart Is Empty');
    expect(itemCountMessage(1, true)).toBe('You have 1 item in your cart.');
    expect(itemCountMessage(6, false)).toBe(
      'You have 6 items in your cart. Please log in to check out.',
    );
  });
});
