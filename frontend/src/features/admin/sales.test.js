import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../lib/format';
import {
  EMPTY_SALE_FORM,
  SALE_TEXTS,
  coverageText,
  formFromSale,
  saleDiscountText,
  saleErrors,
  salePayload,
  saleStatus,
} from './sales';

const stored = {
  _id: '3',
  name: 'Diwali Sale',
  kind: 'percent',
  value: 20,
  products: ['12'],
  categories: ['2', '5'],
  startsAt: '2026-10-20T03:30:00.000Z',
  endsAt: '2026-11-05T18:29:00.000Z',
  active: true,
  running: false,
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-10-01T00:00:00.000Z',
};

describe('sale form', () => {
  it('shows a stored sale and sends it back as it was', () => {
    const form = formFromSale(stored);
    expect(form).toMatchObject({ name: 'Diwali Sale', value: '20', products: '12' });
    const fields = { ...stored };
    ['_id', 'running', 'createdAt', 'updatedAt'].forEach((key) => delete fields[key]);
    expect(salePayload(form)).toEqual(fields);
  });

  it('sends a trimmed name, both times as instants and product ids as a list', () => {
    const payload = salePayload({
      ...EMPTY_SALE_FORM,
      name: '  Flash Sale ',
      kind: 'amount',
      value: '500',
      startsAt: '2026-12-01T10:00',
      endsAt: '2026-12-01T22:00',
      products: ' 3,, 4 ,',
    });
    expect(payload).toEqual({
      name: 'Flash Sale',
      kind: 'amount',
      value: 500,
      startsAt: new Date('2026-12-01T10:00').toISOString(),
      endsAt: new Date('2026-12-01T22:00').toISOString(),
      categories: [],
      products: ['3', '4'],
      active: true,
    });
  });

  it('needs a name, a value and both ends of the window, the end after the start', () => {
    expect(saleErrors(EMPTY_SALE_FORM)).toEqual({
      name: SALE_TEXTS.nameRequired,
      value: SALE_TEXTS.valueRequired,
      startsAt: SALE_TEXTS.startsRequired,
      endsAt: SALE_TEXTS.endsRequired,
    });
    const form = formFromSale(stored);
    expect(saleErrors(form)).toEqual({});
    expect(saleErrors({ ...form, endsAt: form.startsAt, value: '120' })).toEqual({
      endsAt: SALE_TEXTS.endsBeforeStart,
      value: SALE_TEXTS.percentTooHigh,
    });
    expect(saleErrors({ ...form, kind: 'amount', value: '120', products: 'a1' })).toEqual({
      products: SALE_TEXTS.productsInvalid,
    });
  });
});

describe('sale table texts', () => {
  it('says what it takes off: a percentage, or rupees off each unit', () => {
    expect(saleDiscountText(stored, formatPrice)).toBe('20% off');
    expect(saleDiscountText({ kind: 'amount', value: 500 }, formatPrice)).toBe('₹500 off each');
  });

  it('says what it covers', () => {
    expect(coverageText({ categories: [], products: [] })).toBe('Whole shop');
    expect(coverageText({})).toBe('Whole shop');
    expect(coverageText({ categories: ['1'], products: [] })).toBe('1 category');
    expect(coverageText({ categories: [], products: ['1', '2', '3'] })).toBe('3 products');
    expect(coverageText(stored)).toBe('2 categories, 1 product');
  });

  it('says running, scheduled, ended or paused', () => {
    const during = Date.parse('2026-10-25T00:00:00Z');
    expect(saleStatus(stored, during)).toBe('Running');
    expect(saleStatus(stored, Date.parse('2026-10-01T00:00:00Z'))).toBe('Scheduled');
    expect(saleStatus(stored, Date.parse('2026-11-05T18:29:00Z'))).toBe('Ended');
    expect(saleStatus({ ...stored, active: false }, during)).toBe('Paused');
  });
});
