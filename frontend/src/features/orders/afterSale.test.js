import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  canCancelItems,
  lineName,
  refundText,
  returnWindow,
  returnableLines,
  timelineSteps,
} from './afterSale';
import { formatPrice } from '../../lib/format';

const line = (extra) => ({
  _id: '1',
  lineId: '11',
  name: 'Cotton Tee',
  slug: 'cotton-tee',
  quantity: 2,
  cancelledQuantity: 0,
  options: { Size: 'M' },
  ...extra,
});

describe('cancelling items', () => {
  const order = (extra) => ({
    status: 'Not Processed',
    nextStatuses: ['Processing', 'Cancelled'],
    products: [line()],
    ...extra,
  });

  it('is offered before shipping while more than one unit is left', () => {
    expect(canCancelItems(order())).toBe(true);
    expect(canCancelItems(order({ products: [line({ quantity: 1 })] }))).toBe(false);
    expect(canCancelItems(order({ status: 'Shipped', nextStatuses: ['Delivered'] }))).toBe(false);
    expect(canCancelItems(order({ status: 'Awaiting Payment' }))).toBe(false);
  });

  it('needs every line to carry its lineId (an older answer cannot say which)', () => {
    expect(canCancelItems(order({ products: [line({ lineId: undefined })] }))).toBe(false);
  });
});

describe('returns', () => {
  const delivered = {
    status: 'Delivered',
    products: [line(), line({ lineId: '12', name: 'Jeans', quantity: 1, options: null })],
    shipment: { deliveredAt: '2026-12-01T06:00:00Z' },
  };

  it('leaves out the units of returns not rejected', () => {
    const returns = [
      { status: 'Requested', lines: [{ _id: '11', quantity: 1 }] },
      { status: 'Rejected', lines: [{ _id: '12', quantity: 1 }] },
    ];
    expect(
      returnableLines(delivered, returns).map(({ line: l, left }) => [l.lineId, left]),
    ).toEqual([
      ['11', 1],
      ['12', 1],
    ]);
    returns.push({ status: 'Received', lines: [{ _id: '12', quantity: 1 }] });
    expect(returnableLines(delivered, returns).map(({ line: l }) => l.lineId)).toEqual(['11']);
  });

  it('opens the window for returnWindowDays after delivery', () => {
    const at = (iso) => new Date(iso).getTime();
    expect(returnWindow(delivered, 7, at('2026-12-08T05:59:00Z')).open).toBe(true);
    expect(returnWindow(delivered, 7, at('2026-12-08T06:01:00Z')).open).toBe(false);
    expect(returnWindow(delivered, 7).until.toISOString()).toBe('2026-12-08T06:00:00.000Z');
    expect(returnWindow({ ...delivered, status: 'Shipped' }, 7)).toBeNull();
    expect(returnWindow(delivered, undefined)).toBeNull();
  });

  it('says where the refund stands', () => {
    const ret = { kind: 'refund', refundAmount: 449.1 };
    expect(refundText({ ...ret, status: 'Requested' }, formatPrice)).toBe(
      'Refund once we receive the items',
    );
    expect(refundText({ ...ret, status: 'Received' }, formatPrice)).toBe(
      'Refund of ₹449.10 on its way',
    );
    expect(refundText({ ...ret, status: 'Refunded', refundReference: 'UPI123' }, formatPrice)).toBe(
      'Refunded ₹449.10, reference UPI123',
    );
    expect(
      refundText({ ...ret, status: 'Refunded', refund: { status: 'pending' } }, formatPrice),
    ).toBe('Refund of ₹449.10 on its way');
    expect(refundText({ ...ret, status: 'Rejected' }, formatPrice)).toBe('No refund');
  });
});

describe('dates and names', () => {
  it('writes a calendar day as Indian English does, whatever the time zone', () => {
    expect(calendarDay('2026-12-01')).toBe('Tue, 1 Dec');
    expect(calendarDay('2026-12-01', true)).toBe('1 Dec 2026');
    expect(calendarDay('soon')).toBe('');
  });

  it('names a line with its options', () => {
    expect(lineName(line())).toBe('Cotton Tee (Size: M)');
    expect(lineName(line({ options: {} }))).toBe('Cotton Tee');
  });
});

describe('the timeline', () => {
  const labels = (steps) => steps.map((s) => `${s.label}${s.done ? '' : ' (next)'}`);

  it('goes from placed to the steps ahead, with the expected day', () => {
    const steps = timelineSteps({
      status: 'Processing',
      createdAt: '2026-11-20T10:00:00Z',
      expectedDelivery: '2026-11-25',
      statusHistory: [
        { status: 'Not Processed', at: '2026-11-20T10:00:00Z' },
        { status: 'Processing', at: '2026-11-21T10:00:00Z' },
      ],
    });
    expect(labels(steps)).toEqual(['Placed', 'Processing', 'Shipped (next)', 'Delivered (next)']);
    expect(steps[3].expected).toBe('Wed, 25 Nov');
  });

  it('takes the shipment’s times, out for delivery only when known, and the returns’ steps', () => {
    const order = {
      status: 'Delivered',
      createdAt: '2026-11-20T10:00:00Z',
      statusHistory: [
        { status: 'Not Processed', at: '2026-11-20T10:00:00Z' },
        { status: 'Shipped', at: '2026-11-22T10:00:00Z' },
        { status: 'Delivered', at: '2026-11-24T10:00:00Z' },
      ],
      shipment: { shippedAt: '2026-11-22T09:00:00Z', deliveredAt: '2026-11-24T09:00:00Z' },
    };
    const returns = [
      {
        _id: '5',
        kind: 'refund',
        status: 'Approved',
        history: [
          { status: 'Requested', at: '2026-11-25T10:00:00Z' },
          { status: 'Approved', at: '2026-11-26T10:00:00Z' },
        ],
      },
    ];
    const steps = timelineSteps(order, returns);
    expect(labels(steps)).toEqual([
      'Placed',
      'Shipped',
      'Delivered',
      'Return #5: Requested',
      'Return #5: Approved',
    ]);
    expect(steps[1].at).toBe('2026-11-22T09:00:00Z');
    const out = timelineSteps({
      ...order,
      shipment: { ...order.shipment, outForDeliveryAt: '2026-11-24T06:00:00Z' },
    });
    expect(labels(out)).toEqual(['Placed', 'Shipped', 'Out for delivery', 'Delivered']);
  });

  it('has nothing ahead of a cancelled order', () => {
    const steps = timelineSteps({
      status: 'Cancelled',
      createdAt: '2026-11-20T10:00:00Z',
      statusHistory: [{ status: 'Cancelled', at: '2026-11-20T11:00:00Z' }],
    });
    expect(labels(steps)).toEqual(['Placed', 'Cancelled']);
  });
});
