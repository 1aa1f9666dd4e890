import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import OrderTimeline from './OrderTimeline';

const steps = () =>
  within(screen.getByRole('region', { name: 'Order timeline' })).getAllByRole('listitem');

describe('OrderTimeline', () => {
  it('shows the steps reached with their times and what is ahead', () => {
    render(
      <OrderTimeline
        order={{
          status: 'Shipped',
          createdAt: '2026-11-20T10:00:00Z',
          expectedDelivery: '2026-11-25',
          statusHistory: [
            { status: 'Not Processed', at: '2026-11-20T10:00:00Z' },
            { status: 'Shipped', at: '2026-11-22T10:00:00Z' },
          ],
          shipment: { shippedAt: '2026-11-22T09:30:00Z', deliveredAt: null },
        }}
        returns={[]}
      />,
    );
    const items = steps();
    expect(items.map((item) => item.firstChild.textContent)).toEqual([
      'Placed',
      'Shipped',
      'Delivered',
    ]);
    expect(within(items[1]).getByText(/2026/)).toHaveAttribute('datetime', '2026-11-22T09:30:00Z');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[0]).not.toHaveAttribute('aria-current');
    expect(items[2]).toHaveTextContent('Expected by Wed, 25 Nov');
  });

  it('adds the returns’ steps after delivery', () => {
    render(
      <OrderTimeline
        order={{
          status: 'Delivered',
          createdAt: '2026-11-20T10:00:00Z',
          statusHistory: [{ status: 'Delivered', at: '2026-11-24T10:00:00Z' }],
          shipment: { shippedAt: '2026-11-22T09:30:00Z', deliveredAt: '2026-11-24T10:00:00Z' },
        }}
        returns={[
          {
            _id: '8',
            kind: 'exchange',
            status: 'Approved',
            createdAt: '2026-11-25T10:00:00Z',
            updatedAt: '2026-11-26T10:00:00Z',
          },
        ]}
      />,
    );
    expect(steps().map((item) => item.firstChild.textContent)).toEqual([
      'Placed',
      'Shipped',
      'Delivered',
      'Exchange #8: Requested',
      'Exchange #8: Approved',
    ]);
    expect(steps()[4]).toHaveAttribute('aria-current', 'step');
  });
});
