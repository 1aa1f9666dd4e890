import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter } from 'react-router-dom';
import { apiClient } from '../../lib/apiClient';
import { MESSAGES } from '../../constants/messages';
import OrderCard from './OrderCard';

// Within Karnataka (the shop's state): CGST + SGST; the order pays ₹49 delivery.
const order = {
  _id: '17',
  status: 'Shipped',
  createdAt: '2026-11-20T10:00:00Z',
  total: 1048,
  address: 'Asha, 5 Residency Road, Bengaluru, Karnataka 560025',
  shippingAddress: {
    _id: 3,
    name: 'Asha Rao',
    phone: '9876543210',
    line1: '5 Residency Road',
    line2: 'Near the park',
    city: 'Bengaluru',
    state: 'Karnataka',
    stateCode: '29',
    pincode: '560025',
    isDefault: true,
  },
  deliveryCharge: 49,
  taxTotal: 152.46,
  invoiceNumber: 'SS/2026-27/7',
  payment: { method: 'cod', success: false },
  products: [
    {
      _id: '1',
      name: 'Earbuds',
      slug: 'earbuds',
      price: 999,
      quantity: 1,
      hsn: '8518',
      gstRate: 18,
      taxableValue: 846.62,
      cgst: 76.19,
      sgst: 76.19,
      igst: 0,
    },
  ],
};

function show(value, props = {}) {
  return render(
    <MemoryRouter>
      <Toaster />
      <OrderCard order={value} {...props} />
    </MemoryRouter>,
  );
}

let made;
beforeEach(() => {
  made = [];
  URL.createObjectURL = vi.fn((blob) => {
    made.push(blob);
    return `blob:test/${made.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => toast.remove());

describe('OrderCard with GST', () => {
  it('shows each line’s HSN and GST split, the delivery charge, tax and total, and the address', () => {
    show(order);
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'HSN' })).toBeInTheDocument();
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('8518');
    expect(within(row).getByTestId('line-gst')).toHaveTextContent('18%CGST ₹76.19 + SGST ₹76.19');
    expect(screen.getByTestId('order-delivery')).toHaveTextContent('Delivery: ₹49');
    expect(screen.getByText('Total: ₹1,048')).toBeInTheDocument();
    expect(screen.getByTestId('order-tax')).toHaveTextContent('Includes GST of ₹152.46');
    expect(screen.getByTestId('shipping-address')).toHaveTextContent(
      'Deliver to: Asha Rao, 5 Residency Road, Near the park, Bengaluru, Karnataka 560025 (phone 9876543210)',
    );
    expect(screen.getByTestId('invoice-number')).toHaveTextContent('Invoice SS/2026-27/7');
  });

  it('shows the coupon, its discount in all and each line’s share of it', () => {
    const second = { ...order.products[0], _id: '2', name: 'Case', slug: 'case', price: 199 };
    show({
      ...order,
      coupon: 'SAVE10',
      discountTotal: 99.9,
      products: [
        { ...order.products[0], discount: 99.9 },
        { ...second, discount: 0 },
      ],
    });
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Discount' })).toBeInTheDocument();
    const cells = within(table).getAllByTestId('line-discount');
    expect(cells.map((cell) => cell.textContent)).toEqual(['−₹99.90', '']);
    expect(screen.getByTestId('order-discount')).toHaveTextContent('Coupon SAVE10: −₹99.90');
  });

  it('shows no coupon or Discount column for an order without one', () => {
    show({
      ...order,
      coupon: null,
      discountTotal: 0,
      products: [{ ...order.products[0], discount: 0 }],
    });
    expect(screen.queryByRole('columnheader', { name: 'Discount' })).toBeNull();
    expect(screen.queryByTestId('order-discount')).toBeNull();
  });

  it('shows IGST outside the shop’s state and Free delivery', () => {
    show({
      ...order,
      deliveryCharge: 0,
      products: [{ ...order.products[0], cgst: 0, sgst: 0, igst: 152.38 }],
    });
    expect(screen.getByTestId('line-gst')).toHaveTextContent('18%IGST ₹152.38');
    expect(screen.getByTestId('order-delivery')).toHaveTextContent('Delivery: Free');
  });

  it('keeps an order from before tax lines as it was', () => {
    const { products, ...old } = order;
    show({
      ...old,
      products: [{ ...products[0], hsn: undefined, gstRate: undefined }],
      shippingAddress: null,
      deliveryCharge: undefined,
      taxTotal: undefined,
      invoiceNumber: null,
    });
    expect(screen.queryByRole('columnheader', { name: 'HSN' })).toBeNull();
    expect(screen.queryByTestId('order-delivery')).toBeNull();
    expect(screen.getByText(/Asha, 5 Residency Road/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
  });

  it('downloads the invoice with the token as a blob from the invoice URL', async () => {
    const user = userEvent.setup();
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const get = vi.spyOn(apiClient, 'get').mockResolvedValue({
      data: pdf,
      status: 200,
      headers: { 'content-disposition': 'attachment; filename="SS-2026-27-7.pdf"' },
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function () {
      expect(this.download).toBe('SS-2026-27-7.pdf');
      expect(this.href).toBe('blob:test/1');
    });
    show(order);
    expect(screen.queryByRole('button', { name: /credit note/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download invoice of order #17' }));
    expect(get).toHaveBeenCalledWith('/api/v1/orders/17/invoice', { responseType: 'blob' });
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(made).toEqual([pdf]);
  });

  it('offers the credit note of a returned order, named by the order without a server name', async () => {
    const user = userEvent.setup();
    const get = vi
      .spyOn(apiClient, 'get')
      .mockResolvedValue({ data: new Blob(['%PDF']), status: 200, headers: {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function () {
      expect(this.download).toBe('credit-note-17.pdf');
    });
    show({ ...order, status: 'Returned' });
    expect(screen.getByTestId('status')).toHaveTextContent('Returned');
    await user.click(screen.getByRole('button', { name: 'Download credit note of order #17' }));
    expect(get).toHaveBeenCalledWith('/api/v1/orders/17/credit-note', { responseType: 'blob' });
    await waitFor(() => expect(click).toHaveBeenCalled());
  });

  it('says so when the download fails', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(apiClient, 'get').mockRejectedValue(
      Object.assign(new Error('404'), { response: { status: 404, data: new Blob(['{}']) } }),
    );
    show(order);
    await user.click(screen.getByRole('button', { name: 'Download invoice of order #17' }));
    expect(await screen.findByText(MESSAGES.downloadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download invoice of order #17' })).toBeEnabled();
  });
});

describe('OrderCard payment', () => {
  const online = (status, payment) => ({
    ...order,
    status,
    invoiceNumber: null,
    payment: { method: 'razorpay', ...payment },
  });

  it('says cash on delivery, and paid once delivered', () => {
    const { unmount } = show(order);
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Payment: Cash on delivery');
    expect(screen.getByTestId('order-payment')).not.toHaveTextContent('(paid)');
    unmount();
    show({ ...order, status: 'Delivered', payment: { method: 'cod', success: true } });
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Cash on delivery (paid)');
  });

  it('shows an order awaiting its online payment with its own badge', () => {
    show(online('Awaiting Payment', { success: false }));
    const badge = screen.getByTestId('status');
    expect(badge).toHaveTextContent('Awaiting payment');
    expect(badge).toHaveClass('text-bg-warning');
    expect(screen.getByTestId('order-payment')).toHaveTextContent(
      'Payment: Online, awaiting payment',
    );
    expect(screen.queryByTestId('refund')).toBeNull();
  });

  it('shows a paid online order with its payment id', () => {
    show(online('Not Processed', { success: true, paymentId: 'pay_A1' }));
    expect(screen.getByTestId('order-payment')).toHaveTextContent(
      'Payment: Paid online (payment ID pay_A1)',
    );
    expect(screen.queryByTestId('refund')).toBeNull();
  });

  it('says an online order cancelled before payment was not paid', () => {
    show(online('Cancelled', { success: false }));
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Payment: Online, not paid');
  });

  it.each([
    ['Cancelled', 'pending', 'Refund pending'],
    ['Cancelled', 'processed', 'Refunded'],
    ['Returned', 'failed', 'Refund failed'],
  ])('shows the refund of a paid order that was %s: %s', (status, refundStatus, text) => {
    show(online(status, { success: true, paymentId: 'pay_A1', refundStatus }));
    expect(screen.getByTestId('refund')).toHaveTextContent(text);
    expect(screen.getByTestId('order-payment')).toHaveTextContent(
      `Paid online (payment ID pay_A1) ${text}`,
    );
  });

  it('gives the admin the method, gateway ids and the amounts paid and refunded', () => {
    const paid = online('Cancelled', {
      success: true,
      paymentId: 'pay_A1',
      gatewayOrderId: 'order_Q1',
      paid: 1048,
      refunded: 1048,
      refundStatus: 'processed',
    });
    const { unmount } = show(paid, { showBuyer: true });
    const details = screen.getByTestId('payment-details');
    const rows = within(details)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextSibling.textContent}`);
    expect(rows).toEqual([
      'Method: Razorpay',
      'Razorpay order: order_Q1',
      'Razorpay payment: pay_A1',
      'Paid: ₹1,048',
      'Refunded: ₹1,048',
    ]);
    unmount();
    // The shopper's card keeps to the payment line.
    show(paid);
    expect(screen.queryByTestId('payment-details')).toBeNull();
  });

  it('shows the admin no details the answer does not carry', () => {
    show(order, { showBuyer: true });
    expect(screen.queryByTestId('payment-details')).toBeNull();
    show(
      { ...order, _id: '18', payment: { method: 'cod', success: true, paid: 1048 } },
      {
        showBuyer: true,
      },
    );
    const details = screen.getByTestId('payment-details');
    expect(details).toHaveTextContent('MethodCash on delivery');
    expect(details).toHaveTextContent('Paid₹1,048');
    expect(details).not.toHaveTextContent('Refunded');
  });
});

describe('OrderCard of a business buyer', () => {
  it('shows the GSTIN and business name the order was billed to', () => {
    show({ ...order, buyerGstin: '29AAACS1234A1ZY', businessName: 'Asha Traders LLP' });
    expect(screen.getByTestId('order-gstin')).toHaveTextContent(
      'GSTIN: 29AAACS1234A1ZY (Asha Traders LLP)',
    );
  });

  it('shows none for a consumer', () => {
    show({ ...order, buyerGstin: null, businessName: null });
    expect(screen.queryByTestId('order-gstin')).toBeNull();
    expect(screen.queryByText(/GSTIN/)).toBeNull();
  });
});
