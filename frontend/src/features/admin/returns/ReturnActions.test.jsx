import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ReturnActions, { nextMoves } from './ReturnActions';

const ret = (extra) => ({ _id: '12', order: '345', kind: 'refund', refundAmount: 999, ...extra });

describe('nextMoves', () => {
  it('follows the server, else the state machine, never mixing refund and exchange', () => {
    expect(nextMoves(ret({ status: 'Requested' }))).toEqual(['Approved', 'Rejected']);
    expect(nextMoves(ret({ status: 'Approved' }))).toEqual(['Received', 'Rejected']);
    expect(nextMoves(ret({ status: 'Received' }))).toEqual(['Refunded']);
    expect(nextMoves(ret({ status: 'Received', kind: 'exchange' }))).toEqual(['Exchanged']);
    expect(nextMoves(ret({ status: 'Refunded' }))).toEqual([]);
    expect(nextMoves(ret({ status: 'Requested', nextStatuses: ['Rejected'] }))).toEqual([
      'Rejected',
    ]);
  });
});

describe('ReturnActions', () => {
  it('marks an approved return received, with the note', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn(async () => {});
    render(<ReturnActions ret={ret({ status: 'Approved' })} onMove={onMove} />);
    const form = screen.getByRole('form', { name: 'Update return #12' });
    await user.type(within(form).getByRole('textbox', { name: /Note/ }), 'Tags on');
    await user.click(within(form).getByRole('button', { name: 'Mark received return #12' }));
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ _id: '12' }), 'Received', {
      note: 'Tags on',
      refundReference: undefined,
    });
  });

  it('uses the payment method the return carries, and Back leaves the refund', async () => {
    const user = userEvent.setup();
    const paymentOf = vi.fn();
    const onMove = vi.fn(async () => {});
    render(
      <ReturnActions
        ret={ret({ status: 'Received', paymentMethod: 'cod' })}
        onMove={onMove}
        paymentOf={paymentOf}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Refund return #12' }));
    expect(
      await screen.findByRole('textbox', { name: 'UPI or bank transfer reference of return #12' }),
    ).toBeRequired();
    expect(paymentOf).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('textbox', { name: /reference/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refund return #12' })).toBeInTheDocument();
    expect(onMove).not.toHaveBeenCalled();
  });

  it('offers a try again when the payment method cannot be read', async () => {
    const user = userEvent.setup();
    const paymentOf = vi.fn().mockRejectedValueOnce(new Error('500')).mockResolvedValue('razorpay');
    render(
      <ReturnActions ret={ret({ status: 'Received' })} onMove={vi.fn()} paymentOf={paymentOf} />,
    );
    await user.click(screen.getByRole('button', { name: 'Refund return #12' }));
    expect(await screen.findByText(/could not be read/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund ₹999 return #12' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Paid online/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund ₹999 return #12' })).toBeEnabled();
  });

  it('needs no reference when a cash refund has nothing left to pay back', async () => {
    const user = userEvent.setup();
    const onMove = vi.fn(async () => {});
    render(
      <ReturnActions
        ret={ret({ status: 'Received', paymentMethod: 'cod', refundAmount: 0 })}
        onMove={onMove}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Refund return #12' }));
    expect(await screen.findByRole('textbox', { name: /reference/ })).not.toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Refund ₹0 return #12' }));
    expect(onMove).toHaveBeenCalledWith(expect.anything(), 'Refunded', {
      note: '',
      refundReference: undefined,
    });
  });

  it('says a finished return has no further steps', () => {
    render(<ReturnActions ret={ret({ status: 'Rejected', nextStatuses: [] })} onMove={vi.fn()} />);
    expect(screen.getByText('No further steps.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
