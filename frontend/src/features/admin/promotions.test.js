import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format';
import {
  PROMOTION_TEXTS,
  fromLocalInput,
  offText,
  promotionErrors,
  promotionFormFields,
  promotionPayloadFields,
  promotionStatus,
  serverFieldErrors,
  toLocalInput,
} from './promotions';

describe('what coupons and sales share', () => {
  it('turns the admin’s local time into an instant and back', () => {
    const iso = fromLocalInput('2026-10-20T09:30');
    expect(iso).toBe(new Date('2026-10-20T09:30').toISOString());
    expect(toLocalInput(iso)).toBe('2026-10-20T09:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('not a date')).toBe('');
  });

  it('shows the shared fields of a stored one and sends them back as they were', () => {
    const stored = {
      kind: 'amount',
      value: 50,
      startsAt: '2026-10-20T04:00:00.000Z',
      endsAt: null,
      categories: [2, '5'],
      products: ['12', '15'],
      active: false,
    };
    const form = promotionFormFields(stored);
    expect(form).toMatchObject({ value: '50', categories: ['2', '5'], products: '12, 15' });
    expect(promotionPayloadFields(form)).toEqual({ ...stored, categories: ['2', '5'] });
    expect(promotionFormFields(null)).toMatchObject({ kind: 'percent', active: true, value: '' });
  });

  it('finds a value, a window and product ids the server would refuse', () => {
    const empty = promotionFormFields(null);
    expect(promotionErrors({ ...empty, value: '10' })).toEqual({});
    expect(
      promotionErrors({
        ...empty,
        value: '101',
        startsAt: '2026-10-20T09:30',
        endsAt: '2026-10-20T09:00',
        products: '12, x',
      }),
    ).toEqual({
      value: PROMOTION_TEXTS.percentTooHigh,
      endsAt: PROMOTION_TEXTS.endsBeforeStart,
      products: PROMOTION_TEXTS.productsInvalid,
    });
    expect(promotionErrors({ ...empty, value: '' })).toEqual({
      value: PROMOTION_TEXTS.valueRequired,
    });
  });

  it('says what it takes off and where it stands', () => {
    expect(offText({ kind: 'percent', value: '20.00' }, formatPrice)).toBe('20% off');
    expect(offText({ kind: 'amount', value: 500 }, formatPrice)).toBe('₹500 off');
    const now = Date.parse('2026-06-01T00:00:00Z');
    const window = { active: true, startsAt: '2026-05-01T00:00:00Z', endsAt: null };
    expect(promotionStatus(window, now)).toBe('Active');
    expect(promotionStatus(window, now, 'Running')).toBe('Running');
    expect(promotionStatus({ ...window, active: false }, now)).toBe('Paused');
  });

  it('reads the server’s field errors', () => {
    const error = { response: { data: { errors: { code: ['Taken.'], value: 'Bad.' } } } };
    expect(serverFieldErrors(error)).toEqual({ code: 'Taken.', value: 'Bad.' });
    expect(serverFieldErrors(new Error('Network Error'))).toEqual({});
  });
});
