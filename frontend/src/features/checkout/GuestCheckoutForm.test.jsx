// The guest checkout form on its own, with the checkout call answered at the transport
// (fakeServer): labelled fields, the body it sends, the server's errors beside the fields
// they name, one Idempotency-Key for a retried attempt.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer } from '../auth/testing/fakeServer';
import GuestCheckoutForm from './GuestCheckoutForm';
import { guestFieldErrors } from './guestErrors';
import { guestOrderPath } from './guestOrderPath';

const CHECKOUT = 'POST /api/v1/orders/checkout';
let server;
afterEach(() => server?.restore());
const sentTo = (key) => server.calls.filter((call) => call.key === key);
const LINES = [{ _id: '7', quantity: 2 }];

async function fill(user) {
  await user.type(screen.getByLabelText('Name'), 'Asha Rao');
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  await user.type(screen.getByLabelText('Phone'), '9876543210');
  await user.type(screen.getByLabelText('Address line 1'), '14 Janpath');
  await user.type(screen.getByLabelText('City'), 'New Delhi');
  await user.selectOptions(screen.getByLabelText('State'), 'Delhi');
  await user.type(screen.getByLabelText('PIN code'), '110001');
}

describe('GuestCheckoutForm', () => {
  it('sends the guest, the full address and the payment, and hands over the order', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { success: true, order: { _id: '41' }, orderToken: 'tok' } },
    });
    const onPlaced = vi.fn();
    const user = userEvent.setup();
    render(<GuestCheckoutForm lines={LINES} onPlaced={onPlaced} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Place Order (Cash on Delivery)' }));

    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith({ _id: '41' }, 'tok'));
    const [sent] = sentTo(CHECKOUT);
    expect(sent.body).toEqual({
      cart: LINES,
      payment: 'cod',
      guest: { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' },
      shippingAddress: {
        name: 'Asha Rao',
        phone: '9876543210',
        line1: '14 Janpath',
        line2: '',
        city: 'New Delhi',
        state: 'Delhi',
        pincode: '110001',
      },
    });
    expect(sent.idempotencyKey).toBeTruthy();
    expect(sent.authorization).toBeNull();
  });

  it('shows each server error beside its field and retries with the same key', async () => {
    server = fakeServer({
      [CHECKOUT]: {
        status: 400,
        data: {
          success: false,
          message: 'Guest: Enter a valid email address.',
          errors: {
            guest: ['Email: Enter a valid email address.'],
            shippingAddress: ['PIN code: PIN code 560001 is in Karnataka, not Delhi.'],
          },
        },
      },
    });
    const user = userEvent.setup();
    render(<GuestCheckoutForm lines={LINES} onPlaced={vi.fn()} />);
    await fill(user);
    const place = screen.getByRole('button', { name: 'Place Order (Cash on Delivery)' });
    await user.click(place);

    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('PIN code 560001 is in Karnataka, not Delhi.')).toBeInTheDocument();
    expect(screen.getByLabelText('PIN code')).toHaveAttribute('aria-invalid', 'true');
    await user.click(place);
    await waitFor(() => expect(sentTo(CHECKOUT)).toHaveLength(2));
    const [first, second] = sentTo(CHECKOUT);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
  });

  it('offers paying online only when the shop takes it', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { success: true, order: { _id: '42' }, orderToken: 't' } },
    });
    const user = userEvent.setup();
    const { rerender } = render(<GuestCheckoutForm lines={LINES} onPlaced={vi.fn()} />);
    expect(screen.queryByLabelText(/Pay online/)).toBeNull();
    rerender(<GuestCheckoutForm lines={LINES} onlineOffered onPlaced={vi.fn()} />);
    await fill(user);
    await user.click(screen.getByLabelText(/Pay online/));
    await user.click(screen.getByRole('button', { name: 'Place Order and Pay Online' }));
    await waitFor(() => expect(sentTo(CHECKOUT)).toHaveLength(1));
    expect(sentTo(CHECKOUT)[0].body.payment).toBe('razorpay');
  });
});

describe('GuestCheckoutForm with what the cart hands it', () => {
  it('draws the PIN code line and the coupon box where they go, and sends the coupon', async () => {
    server = fakeServer({
      [CHECKOUT]: { status: 201, data: { success: true, order: { _id: '41' }, orderToken: 'tok' } },
    });
    const onPaymentChange = vi.fn();
    const user = userEvent.setup();
    render(
      <GuestCheckoutForm
        lines={LINES}
        onlineOffered
        onPlaced={vi.fn()}
        pinDelivery={(pin) => <p data-testid="pin-line">PIN {pin}</p>}
        coupon={(payment) => (
          <form aria-label="Coupon box">
            <p>coupon for {payment}</p>
          </form>
        )}
        couponCode="SAVE10"
        onPaymentChange={onPaymentChange}
      />,
    );
    await fill(user);
    expect(screen.getByTestId('pin-line')).toHaveTextContent('PIN 110001');
    // The coupon's form is not inside the guest form (forms do not nest).
    const guestForm = screen.getByRole('form', { name: 'Guest checkout' });
    expect(guestForm).not.toContainElement(screen.getByRole('form', { name: 'Coupon box' }));
    expect(screen.getByText('coupon for cod')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Pay online (UPI, cards, netbanking)'));
    expect(onPaymentChange).toHaveBeenLastCalledWith('razorpay');
    expect(screen.getByText('coupon for razorpay')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Cash on delivery'));
    await user.click(screen.getByRole('button', { name: 'Place Order (Cash on Delivery)' }));

    await waitFor(() => expect(sentTo(CHECKOUT)).toHaveLength(1));
    expect(sentTo(CHECKOUT)[0].body.coupon).toBe('SAVE10');
  });

  it('tells the page of a refused order, and another coupon is another key', async () => {
    server = fakeServer({
      [CHECKOUT]: {
        status: 400,
        data: {
          success: false,
          message: 'This coupon has been used up.',
          errors: { coupon: ['x'] },
        },
      },
    });
    const onRefused = vi.fn();
    const user = userEvent.setup();
    const view = render(
      <GuestCheckoutForm
        lines={LINES}
        onPlaced={vi.fn()}
        couponCode="ONCE"
        onRefused={onRefused}
      />,
    );
    await fill(user);
    const place = screen.getByRole('button', { name: 'Place Order (Cash on Delivery)' });
    await user.click(place);
    expect(await screen.findByText('This coupon has been used up.')).toBeInTheDocument();
    expect(onRefused).toHaveBeenCalledTimes(1);

    view.rerender(
      <GuestCheckoutForm
        lines={LINES}
        onPlaced={vi.fn()}
        couponCode={null}
        onRefused={onRefused}
      />,
    );
    await user.click(place);
    await waitFor(() => expect(sentTo(CHECKOUT)).toHaveLength(2));
    const [first, second] = sentTo(CHECKOUT);
    expect(first.body.coupon).toBe('ONCE');
    expect(second.body.coupon).toBeUndefined();
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
  });
});

describe('guestFieldErrors and guestOrderPath', () => {
  it('sorts sentences by their label, the rest into the form', () => {
    expect(
      guestFieldErrors({
        message: 'x',
        errors: {
          guest: ['Phone: Phone must be a 10-digit Indian mobile number.'],
          shippingAddress: ['Please add the delivery address.'],
          payment: ['Cash on delivery is not available for PIN code 110001.'],
        },
      }),
    ).toEqual({
      phone: 'Phone must be a 10-digit Indian mobile number.',
      line1: 'Please add the delivery address.',
      payment: 'Cash on delivery is not available for PIN code 110001.',
    });
    expect(guestFieldErrors({ message: 'Too many attempts.' })).toEqual({
      form: 'Too many attempts.',
    });
  });

  it('puts the token in the fragment', () => {
    expect(guestOrderPath('41', 'a b')).toBe('/order/41#token=a%20b');
  });
});
