import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { apiClient } from '../../lib/apiClient';
import OrderDocuments from './OrderDocuments';

afterEach(() => toast.remove());

const order = {
  _id: '42',
  status: 'Delivered',
  invoiceNumber: 'SS/2026-27/7',
  creditNotes: [
    { number: 'SS/CN2627/0003', date: '2026-12-03', amount: 449.1 },
    { number: 'SS/CN2627/0009', date: '2026-12-05', amount: 999 },
  ],
};

describe('OrderDocuments: credit notes', () => {
  it('lists each credit note and downloads the one asked for by its number', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const get = vi
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: new Blob(['%PDF']), headers: {} });
    render(<OrderDocuments order={order} />);
    const notes = screen.getByTestId('credit-notes');
    const items = within(notes).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('SS/CN2627/0003, 3 Dec 2026: ₹449.10');
    expect(items[1]).toHaveTextContent('SS/CN2627/0009, 5 Dec 2026: ₹999');
    expect(
      screen.getByRole('button', { name: 'Download invoice of order #42' }),
    ).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Download credit note SS/CN2627/0003 of order #42' }),
    );
    expect(get).toHaveBeenCalledWith('/api/v1/orders/42/credit-note', {
      responseType: 'blob',
      params: { number: 'SS/CN2627/0003' },
    });
    expect(click).toHaveBeenCalled();
  });

  it('says so when a credit note cannot be downloaded', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(apiClient, 'get').mockRejectedValue(
      Object.assign(new Error('404'), { response: { status: 404, data: new Blob(['{}']) } }),
    );
    render(
      <>
        <Toaster />
        <OrderDocuments order={{ ...order, invoiceNumber: null }} />
      </>,
    );
    await user.click(
      screen.getByRole('button', { name: 'Download credit note SS/CN2627/0009 of order #42' }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The document could not be downloaded.',
    );
  });

  it('keeps the one button of an answer from before the list', () => {
    render(<OrderDocuments order={{ _id: '42', status: 'Returned', invoiceNumber: null }} />);
    expect(
      screen.getByRole('button', { name: 'Download credit note of order #42' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('credit-notes')).toBeNull();
  });
});
