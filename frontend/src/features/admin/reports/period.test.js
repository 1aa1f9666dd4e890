// Months and days as the reports count them: in Indian time, never a month to come.
import { describe, expect, it } from 'vitest';
import {
  dayLabel,
  indiaToday,
  monthLabel,
  rangeProblem,
  recentMonths,
  thisMonthSoFar,
} from './period';

describe('report periods', () => {
  it('count the day in India, whatever the clock of the browser', () => {
    // 30 April 19:00 UTC is 1 May 00:30 in India.
    expect(indiaToday(new Date('2026-04-30T19:00:00Z'))).toEqual({ year: 2026, month: 5, day: 1 });
    expect(indiaToday(new Date('2026-04-30T18:29:00Z'))).toEqual({
      year: 2026,
      month: 4,
      day: 30,
    });
  });

  it('offer this month first and the months before it, across a new year', () => {
    const months = recentMonths(4, new Date('2026-02-10T06:00:00Z'));
    expect(months).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
      { value: '2025-11', label: 'November 2025' },
    ]);
    expect(recentMonths(36, new Date('2026-04-30T19:00:00Z'))[0].value).toBe('2026-05');
    expect(recentMonths()).toHaveLength(36);
  });

  it('start the sales summary at the first of this month, up to today', () => {
    expect(thisMonthSoFar(new Date('2026-04-20T04:00:00Z'))).toEqual({
      from: '2026-04-01',
      to: '2026-04-20',
    });
  });

  it('name the field of a range that cannot be asked for', () => {
    expect(rangeProblem({ from: '', to: '2026-04-30' })).toMatchObject({ field: 'from' });
    expect(rangeProblem({ from: '2026-04-01', to: '' })).toMatchObject({ field: 'to' });
    expect(rangeProblem({ from: '2026-04-02', to: '2026-04-01' })).toMatchObject({ field: 'to' });
    expect(rangeProblem({ from: '2026-04-01', to: '2026-04-01' })).toBeNull();
  });

  it('write months and days out', () => {
    expect(monthLabel('2026-04')).toBe('April 2026');
    expect(dayLabel('2026-04-05')).toBe('5 April 2026');
  });
});
