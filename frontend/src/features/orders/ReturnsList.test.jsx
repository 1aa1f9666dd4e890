import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import ReturnsList from './ReturnsList';

const base = {
  order: '42',
  reason: 'size',
  createdAt: '2026-12-02T06:00:00Z',
  updatedAt: '2026-12-02T06:00:00Z',
  lines: [{ _id: '11', quantity: 1, name: 'Cotton Tee', options: { Size: 'M' } }],
  refundAmount: 0,
  creditNoteNumber: null,
  exchangeOrder: null,
  exchangeVariant: null,
  refundReference: '',
  refund: null,
  note: '',
  adminNote: '',
};

function show(returns, error = null) {
  render(
    <MemoryRouter>
      <ReturnsList returns={returns} error={error} />
    </MemoryRouter>,
  );
}

describe('ReturnsList', () => {
  it('shows each return with its items, reason, status and money', () => {
    show([
      {
        ...base,
        _id: '7',
        kind: 'refund',
        status: 'Refunded',
        refundAmount: 449.1,
        creditNoteNumber: 'SS/CN2627/0003',
        refundReference: 'UPI-998877',
        note: 'Too small',
      },
      {
        ...base,
        _id: '8',
        kind: 'exchange',
        status: 'Exchanged',
        exchangeVariant: '18',
        exchangeOptions: { Size: 'L' },
        exchangeOrder: '51',
      },
      { ...base, _id: '9', kind: 'refund', status: 'Rejected', adminNote: 'Worn, tags off' },
    ]);
    const region = screen.getByRole('region', { name: 'Your returns' });
    const [refund, exchange, rejected] = within(region).getAllByRole('listitem', {
      name: /^(Return|Exchange) #/,
    });
    expect(within(refund).getByRole('heading')).toHaveTextContent('Return #7');
    expect(within(refund).getByTestId('return-status')).toHaveTextContent('Refunded');
    expect(within(refund).getByTestId('return-lines')).toHaveTextContent(
      '1 × Cotton Tee (Size: M)',
    );
    expect(refund).toHaveTextContent('Reason: Size or fit');
    expect(within(refund).getByTestId('return-refund')).toHaveTextContent(
      'Refunded ₹449.10, reference UPI-998877',
    );
    expect(refund).toHaveTextContent('Credit note SS/CN2627/0003');
    expect(refund).toHaveTextContent('Your note: Too small');

    expect(within(exchange).getByRole('heading')).toHaveTextContent('Exchange #8');
    expect(exchange).toHaveTextContent('Exchange for Size: L');
    expect(within(exchange).queryByTestId('return-refund')).toBeNull();
    expect(within(exchange).getByRole('link', { name: 'Exchange order #51' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders/51',
    );

    expect(within(rejected).getByTestId('return-refund')).toHaveTextContent('No refund');
    expect(rejected).toHaveTextContent('Note from the shop: Worn, tags off');
  });

  it('says where an online refund stands', () => {
    show([
      {
        ...base,
        _id: '7',
        kind: 'refund',
        status: 'Refunded',
        refundAmount: 999,
        refund: { status: 'pending', amount: 999 },
      },
    ]);
    expect(screen.getByTestId('return-refund')).toHaveTextContent('Refund of ₹999 on its way');
  });

  it('shows nothing without returns, and says so when they could not be read', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ReturnsList returns={[]} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    unmount();
    show([], new Error('500'));
    expect(screen.getByRole('alert')).toHaveTextContent('Your returns could not be loaded.');
  });
});
