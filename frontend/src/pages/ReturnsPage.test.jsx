// The Returns page says what the shop does, with shop-info's figures: the return window in
// days, returns and exchanges asked for from the order's page, refunds to the online
// payment or, for cash on delivery, by UPI or NEFT; no pickup is promised.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import ReturnsPage from './ReturnsPage';

function show(answer) {
  const server = fakeServer({ 'GET /api/v1/shop-info': answer });
  render(
    <MemoryRouter>
      <ReturnsPage />
    </MemoryRouter>,
  );
  return server;
}

const withWindow = (days, changes = {}) => ({
  data: shopInfoAnswer({ ...changes, shop: { returnWindowDays: days, ...changes.shop } }),
});

let server;
beforeEach(() => resetShopInfo());
afterEach(() => server?.restore());

describe('Returns', () => {
  it('gives the return window from shop-info and how to start a return', async () => {
    server = show(withWindow(10));
    expect(screen.getByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeVisible();
    expect(await screen.findByTestId('return-window')).toHaveTextContent(
      'You can return it, or exchange it for another size or colour, within 10 days of delivery.',
    );
    expect(document.body).not.toHaveTextContent(/7 days/);
    expect(screen.getByRole('link', { name: 'your orders' })).toHaveAttribute(
      'href',
      '/dashboard/user/orders',
    );
    expect(screen.getByText('Return or exchange items')).toBeInTheDocument();
    expect(document.body).toHaveTextContent('another size or colour of the same product');
    expect(screen.getByRole('link', { name: '+91 80 4567 8900' })).toHaveAttribute(
      'href',
      'tel:+918045678900',
    );
  });

  it('promises no pickup', async () => {
    server = show(withWindow(7));
    await screen.findByTestId('refunds');
    expect(document.body).not.toHaveTextContent(/pickup|pick-up|pick up/i);
    expect(document.body).toHaveTextContent('a courier may collect it, or we give you the address');
  });

  it('refunds cash on delivery by UPI or NEFT, names credit notes and the delivery charge', async () => {
    server = show(withWindow(7));
    const refunds = await screen.findByTestId('refunds');
    expect(refunds).toHaveTextContent(
      'Cash on delivery: we ask you for a UPI ID or a bank account (with its IFSC) and pay the refund there by UPI or NEFT.',
    );
    expect(refunds).not.toHaveTextContent('Paid online');
    expect(refunds).toHaveTextContent(
      'The delivery charge is refunded too when the whole order comes back damaged or wrong.',
    );
    expect(refunds).toHaveTextContent('GST credit note');
  });

  it('mentions online refunds only when the shop takes online payments, and no delivery charge when free', async () => {
    server = show(
      withWindow(7, {
        paymentMethods: ['cod', 'razorpay'],
        delivery: { charge: 0, freeFrom: null },
        invoices: false,
      }),
    );
    const refunds = await screen.findByTestId('refunds');
    expect(refunds).toHaveTextContent('Paid online: refunded to the same payment');
    expect(refunds).toHaveTextContent('Cash on delivery:');
    expect(refunds).not.toHaveTextContent('delivery charge');
    expect(refunds).not.toHaveTextContent('credit note');
  });

  it('says one day, not one days', async () => {
    server = show(withWindow(1));
    expect(await screen.findByTestId('return-window')).toHaveTextContent(
      'within 1 day of delivery.',
    );
  });

  it('names no number of days it does not know, while loading or when shop-info fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail;
    server = show(new Promise((resolve) => (fail = resolve)));
    expect(screen.getAllByTestId('shop-skeleton')).toHaveLength(2);
    fail({ status: 500, data: { success: false, message: 'Something went wrong' } });
    expect(await screen.findByTestId('return-window')).toHaveTextContent(
      'within the return window.',
    );
    expect(document.body).not.toHaveTextContent(/\d+ days/);
    expect(screen.getByTestId('refund-ways')).toHaveTextContent('by UPI or NEFT');
  });

  it('names no number when the answer has none (an older server)', async () => {
    server = show({ data: shopInfoAnswer() });
    expect(await screen.findByTestId('return-window')).toHaveTextContent(
      'within the return window.',
    );
  });
});
