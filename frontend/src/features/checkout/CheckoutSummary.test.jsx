// The checkout's pieces drawn from a given state (what useCheckout answers), without the
// cart, the account or the shop behind them: those run together in pages/CartPage*.test.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CheckoutBar, CheckoutSummary, PLACE_ORDER, PAY_ONLINE, payOnlineLabel } from '.';

const ADDRESS = { saved: [], loaded: true, id: undefined, text: '12 MG Road, Pune', known: true };

function state(changes = {}) {
  return {
    user: { name: 'Asha', address: '12 MG Road, Pune' },
    total: 848,
    address: ADDRESS,
    empty: false,
    cod: { offered: true, overLimit: false },
    codUsable: true,
    codLimit: null,
    online: true,
    method: 'cod',
    choose: vi.fn(),
    busy: false,
    busyLabel: 'Placing order ...',
    retrying: false,
    status: { phase: 'idle', detail: null },
    placeOrder: vi.fn(),
    tryAgain: vi.fn(),
    switchToCod: vi.fn(),
    keepButton: () => () => {},
    ...changes,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname} from=${location.state?.from}`}</p>;
}

function renderSummary(checkout, props = {}) {
  const chooser = vi.fn((addresses) => <p>chooser of {addresses.length}</p>);
  render(
    <MemoryRouter initialEntries={['/cart']}>
      <Routes>
        <Route
          path="/cart"
          element={
            <CheckoutSummary
              checkout={checkout}
              subtotal={799}
              delivery={{ charge: 49, freeFrom: 999 }}
              charge={49}
              items={[{ key: '2', label: 'Linen Shirt', quantity: 1, subtotal: 799 }]}
              priceChanged={false}
              chooser={chooser}
              {...props}
            />
          }
        />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return { chooser, summary: screen.getByRole('region', { name: 'Cart Summary' }) };
}

describe('CheckoutSummary', () => {
  it('totals the order with its delivery charge, and reviews it above the button', () => {
    const { summary } = renderSummary(state());
    expect(within(summary).getByTestId('cart-totals')).toHaveTextContent('Subtotal₹799');
    expect(within(summary).getByTestId('delivery-charge')).toHaveTextContent('₹49');
    expect(within(summary).getByTestId('free-delivery-hint')).toHaveTextContent(
      'Add ₹200 more for free delivery.',
    );
    expect(within(summary).getByTestId('cart-total')).toHaveTextContent('Total: ₹848');
    const review = within(summary).getByRole('region', { name: 'Review your order' });
    expect(within(review).getByTestId('review-address')).toHaveTextContent('12 MG Road, Pune');
    expect(within(review).getByTestId('review-payment')).toHaveTextContent('Cash on delivery');
    expect(within(review).getByText('Linen Shirt × 1: ₹799')).toBeInTheDocument();
    expect(within(review).getByTestId('review-total')).toHaveTextContent('₹848 (taxes included)');
    expect(within(summary).getByText('Pay in cash when your order is delivered.')).toBeVisible();
    expect(within(summary).getByRole('button', { name: PLACE_ORDER })).toBeEnabled();
  });

  it('shows only the subtotal while the delivery rule is unknown', () => {
    const { summary } = renderSummary(state({ total: 799 }), { delivery: null, charge: null });
    expect(within(summary).queryByTestId('delivery-charge')).toBeNull();
    expect(within(summary).queryByTestId('free-delivery-hint')).toBeNull();
    expect(within(summary).getByTestId('cart-total')).toHaveTextContent('Total: ₹799');
  });

  it('offers the profile’s address with Update Address, and adding one once the list answered', () => {
    const { summary, chooser } = renderSummary(state());
    expect(within(summary).getByText('Current Address')).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Update Address' })).toBeInTheDocument();
    expect(chooser).toHaveBeenCalledWith([]);
  });

  it('lets the shopper choose among saved addresses, without Current Address', () => {
    const saved = [{ _id: 31 }, { _id: 32 }];
    const { summary, chooser } = renderSummary(state({ address: { ...ADDRESS, saved, id: 31 } }));
    expect(within(summary).getByText('chooser of 2')).toBeInTheDocument();
    expect(chooser).toHaveBeenCalledTimes(1);
    expect(within(summary).queryByText('Current Address')).toBeNull();
    expect(within(summary).queryByRole('button', { name: 'Update Address' })).toBeNull();
  });

  it('asks a shopper without an address for one before any payment choice', () => {
    const { summary } = renderSummary(
      state({
        user: { name: 'Ravi', address: '' },
        address: { ...ADDRESS, loaded: false, text: '', known: false },
      }),
    );
    expect(within(summary).queryByRole('group', { name: 'Payment' })).toBeNull();
    expect(within(summary).queryByTestId('order-review')).toBeNull();
    expect(within(summary).getByRole('button', { name: 'Update Address' })).toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: /Place Order/ })).toBeNull();
  });

  it('disables cash on delivery over the cap with its reason; the button pays online', async () => {
    const user = userEvent.setup();
    const checkout = state({
      cod: { offered: true, overLimit: true },
      codUsable: false,
      codLimit: 500,
      method: 'razorpay',
    });
    const { summary } = renderSummary(checkout);
    const group = within(summary).getByRole('group', { name: 'Payment' });
    const cod = within(group).getByRole('radio', { name: 'Cash on delivery' });
    expect(cod).toBeDisabled();
    expect(cod).toHaveAccessibleDescription('Not available for orders over ₹500');
    expect(within(group).getByRole('radio', { name: PAY_ONLINE })).toBeChecked();
    const pay = within(summary).getByRole('button', { name: payOnlineLabel(848) });
    await user.click(pay);
    expect(checkout.placeOrder).toHaveBeenCalledTimes(1);
  });

  it('passes the shopper’s payment choice on', async () => {
    const user = userEvent.setup();
    const checkout = state();
    renderSummary(checkout);
    await user.click(screen.getByRole('radio', { name: PAY_ONLINE }));
    expect(checkout.choose).toHaveBeenCalledWith('razorpay');
  });

  it('after an unfinished payment offers Try Again and cash on delivery, and says why', async () => {
    const user = userEvent.setup();
    const checkout = state({
      method: 'razorpay',
      retrying: true,
      status: { phase: 'failed', detail: 'Order #51 is waiting for your payment.' },
    });
    const { summary } = renderSummary(checkout);
    expect(within(summary).getByRole('group', { name: 'Payment' })).toBeDisabled();
    expect(within(summary).getByTestId('payment-status')).toHaveTextContent(
      'Payment not completedOrder #51 is waiting for your payment.',
    );
    await user.click(within(summary).getByRole('button', { name: 'Try Again' }));
    await user.click(within(summary).getByRole('button', { name: 'Pay Cash on Delivery Instead' }));
    expect(checkout.tryAgain).toHaveBeenCalledTimes(1);
    expect(checkout.switchToCod).toHaveBeenCalledTimes(1);
  });

  it('names the work on a busy button, and presses nothing while it lasts', () => {
    renderSummary(state({ busy: true, busyLabel: 'Opening payment ...' }));
    expect(screen.getByRole('button', { name: 'Opening payment ...' })).toBeDisabled();
  });

  it('sends a guest to login and offers to register, both coming back to the cart', async () => {
    const user = userEvent.setup();
    renderSummary(state({ user: null, address: { ...ADDRESS, known: false } }));
    expect(screen.getByText('Please login to proceed with checkout.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register here' })).toHaveAttribute(
      'href',
      '/register',
    );
    await user.click(screen.getByRole('button', { name: 'Please login to checkout' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/login from=/cart');
  });
});

describe('CheckoutBar', () => {
  it('shows the address, the total and the button, and lifts the toasts by its height', () => {
    const root = document.documentElement;
    const { unmount } = render(
      <MemoryRouter>
        <CheckoutBar checkout={state()} />
      </MemoryRouter>,
    );
    const bar = screen.getByTestId('cart-sticky-bar');
    expect(within(bar).getByTestId('bar-address')).toHaveTextContent(
      'Deliver to: 12 MG Road, Pune',
    );
    expect(bar).toHaveTextContent('Total ₹848');
    expect(within(bar).getByRole('button', { name: PLACE_ORDER })).toBeInTheDocument();
    expect(root.style.getPropertyValue('--sticky-bar-height')).toBe('0px'); // jsdom lays out nothing
    unmount();
    expect(root.style.getPropertyValue('--sticky-bar-height')).toBe('');
  });
});
