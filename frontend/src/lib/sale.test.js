import { describe, expect, it } from 'vitest';
import { MINUTE, runningSale, saleEnd, saleEndsOn } from './sale';
import { clockTime, nextTick, saleCountdown } from './saleCountdown';

// Local times (the shopper's clock), whatever zone the tests run in.
const at = (day, hours, minutes = 0, seconds = 0) =>
  new Date(2026, 10, day, hours, minutes, seconds).getTime();
const DIWALI = { name: 'Diwali Sale', endsAt: new Date(at(5, 23, 59)).toISOString() };

describe('runningSale', () => {
  it('is the sale with its end while it runs, and null once it has ended', () => {
    expect(runningSale(DIWALI, at(3, 10))).toEqual({ name: 'Diwali Sale', ends: at(5, 23, 59) });
    expect(runningSale(DIWALI, at(5, 23, 59))).toBeNull();
    expect(runningSale(DIWALI, at(6, 0))).toBeNull();
  });
  it('is null without a sale, and keeps one whose end is unknown', () => {
    expect(runningSale(null)).toBeNull();
    expect(runningSale(undefined)).toBeNull();
    expect(runningSale({ name: '', endsAt: DIWALI.endsAt })).toBeNull();
    expect(runningSale({ name: 'Flash' }, at(3, 10))).toEqual({ name: 'Flash', ends: null });
    expect(saleEnd({ name: 'Flash', endsAt: 'soon' })).toBeNull();
  });
});

describe('saleCountdown', () => {
  it('counts days and hours, then hours and minutes, then minutes (rounded up)', () => {
    const ends = at(5, 23, 59);
    expect(saleCountdown(ends, at(3, 19, 30))).toEqual({
      text: 'Sale ends in 2d 4h',
      spoken: 'Sale ends in 2 days 4 hours',
    });
    expect(saleCountdown(at(6, 1, 0), at(5, 19, 30))).toEqual({
      text: 'Sale ends in 5h 30m',
      spoken: 'Sale ends in 5 hours 30 minutes',
    });
    expect(saleCountdown(at(6, 0, 1), at(5, 23, 59, 30)).text).toBe('Sale ends in 2m');
    expect(saleCountdown(at(6, 0, 0, 10), at(5, 23, 59, 50)).spoken).toBe('Sale ends in 1 minute');
    expect(saleCountdown(at(7, 1), at(6, 0, 30)).spoken).toBe('Sale ends in 1 day 0 hours');
  });
  it('says the time on the day it ends', () => {
    expect(saleCountdown(at(5, 23, 59), at(5, 8)).text).toBe('Sale ends today at 11:59 pm');
    expect(saleCountdown(at(5, 12, 5), at(5, 8)).text).toBe('Sale ends today at 12:05 pm');
  });
  it('is null at and after the end', () => {
    expect(saleCountdown(at(5, 12), at(5, 12))).toBeNull();
    expect(saleCountdown(at(5, 12), at(5, 13))).toBeNull();
  });
});

describe('saleEndsOn', () => {
  it('names the day, "today", or nothing once it has ended', () => {
    expect(saleEndsOn(at(5, 23, 59), at(1, 9))).toBe('Sale ends 5 Nov');
    expect(saleEndsOn(at(5, 23, 59), at(5, 9))).toBe('Sale ends today');
    expect(saleEndsOn(new Date(2027, 0, 2).getTime(), at(28, 9))).toBe('Sale ends 2 Jan 2027');
    expect(saleEndsOn(at(5, 9), at(5, 9))).toBeNull();
  });
});

describe('clockTime and nextTick', () => {
  it('writes a 12-hour clock', () => {
    expect(clockTime(at(5, 0, 5))).toBe('12:05 am');
    expect(clockTime(at(5, 9, 0))).toBe('9:00 am');
    expect(clockTime(at(5, 23, 59))).toBe('11:59 pm');
  });
  it('waits for the next whole minute of what is left, or the end', () => {
    const ends = at(5, 12);
    expect(nextTick(ends, ends - 5 * MINUTE - 20_000)).toBe(20_000);
    expect(nextTick(ends, ends - 5 * MINUTE)).toBe(MINUTE);
    expect(nextTick(ends, ends - 15_000)).toBe(15_000);
    expect(nextTick(ends, ends)).toBe(0);
  });
});
