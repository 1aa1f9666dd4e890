import { describe, expect, it } from 'vitest';
import { formatJoined, roleLabel } from './format';

describe('formatJoined', () => {
  it('writes the date as India does, in India time', () => {
    expect(formatJoined('2026-01-05T20:00:00Z')).toBe('6 Jan 2026');
    expect(formatJoined('2026-11-22T01:00:00Z')).toBe('22 Nov 2026');
  });
  it('is empty for a missing or broken date', () => {
    expect(formatJoined(null)).toBe('');
    expect(formatJoined('not a date')).toBe('');
  });
});

describe('roleLabel', () => {
  it('names role 1 Admin and anything else User', () => {
    expect(roleLabel(1)).toBe('Admin');
    expect(roleLabel('1')).toBe('Admin');
    expect(roleLabel(0)).toBe('User');
  });
});
