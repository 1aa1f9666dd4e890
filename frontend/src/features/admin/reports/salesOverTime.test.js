// The sales over time panel's ranges are days in India, today the last; the chart's data
// are the table's figures.
import { describe, expect, it } from 'vitest';
import { chartData, hoursSince, lastDays, shortDay } from './salesOverTime';

describe('sales over time ranges', () => {
  it('counts the last days back from today in India, across months and years', () => {
    // 19:00 UTC on 31 March is already 1 April in India.
    const now = new Date('2026-03-31T19:00:00Z');
    expect(lastDays(7, now)).toEqual({ from: '2026-03-26', to: '2026-04-01' });
    expect(lastDays(30, now)).toEqual({ from: '2026-03-03', to: '2026-04-01' });
    expect(lastDays(90, new Date('2026-01-15T06:00:00Z'))).toEqual({
      from: '2025-10-18',
      to: '2026-01-15',
    });
    expect(lastDays(1, now)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
  });

  it('says how long something has waited in whole hours, never less than none', () => {
    const now = new Date('2026-03-20T06:30:00Z');
    expect(hoursSince('2026-03-20T10:29:00+05:30', now)).toBe(1);
    expect(hoursSince('2026-03-12T04:00:00+05:30', now)).toBe(200);
    expect(hoursSince('2026-03-21T00:00:00+05:30', now)).toBe(0);
  });

  it('charts revenue as bars and orders as a line on its own axis', () => {
    const data = chartData(
      [
        { date: '2026-03-10', orders: 2, units: 3, revenue: 2246 },
        { date: '2026-03-11', orders: 0, units: 0, revenue: '0' },
      ],
      { revenue: 'Revenue', orders: 'Orders' },
    );
    expect(data.labels).toEqual(['10 Mar', '11 Mar']);
    expect(data.datasets.map((set) => [set.type, set.label, set.yAxisID, set.data])).toEqual([
      ['bar', 'Revenue', 'y', [2246, 0]],
      ['line', 'Orders', 'orders', [2, 0]],
    ]);
    expect(shortDay('bad')).toBe('bad');
  });
});
