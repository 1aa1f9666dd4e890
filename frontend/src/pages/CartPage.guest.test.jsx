// A guest checking out from the cart (the guest form, its own chunk): the PIN code line the
// address forms show (whether the shop delivers there, and takes cash), and the cart's
// coupon box, checked without a token for the guest's payment method, its discount in the
// summary and its code sent with the guest's order.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { resetDeliveryChecks } from '../features/auth/deliveryChecks';
import { CART_KEY, COUPON_KEY } from '../constants/storageKeys';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import CartPage from './CartPage';

const shirt = {
  _id: '2',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'Breathable linen.',
  price: 1500,
  quantity: 40,
};
const CHECK = 'POST /api/v1/coupons/check';
const CHECKOUT = 'POST /api/v1/orders/checkout';
const SERVED = { success: true, pincode: '110001', serviceable: true, cod: true, state: 'Delhi' };
const NO_CASH = { ...SERVED, pincode: '110002', cod: false };
const UNSERVED = { ...SERVED, pincode: '999999', serviceable: false, cod: false, state: '' };

function judge({ code, cart }) {
  if (String(code).toUpperCase() !== 'SAVE10') {
    return { status: 400, data: { success: false, message: 'There is no coupon with this code.' } };
  }
  const discount = cart.reduce((sum, line) => sum + line.quantity * shirt.price, 0) / 10;
  return {
    data: {
      success: true,
      coupon: { code: 'SAVE10', kind: 'percent', value: 10, prepaidOnly: false },
      discount,
      lines: cart.map((line) => ({ _id: line._id, variant: null, discount })),
    },
  };
}

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  resetShopInfo();
  resetDeliveryChecks();
  window.localStorage.clear();
});

function PlacedProbe() {
  const { id } = useParams();
  return <p>order page {id}</p>;
}

function renderCart() {
  window.localStorage.setItem(CART_KEY, JSON.stringify([shirt, shirt]));
  server = fakeServer({
    'GET /api/v1/shop-info': { data: shopInfoAnswer({ delivery: { charge: 0, freeFrom: null } }) },
    [`GET /api/v1/product/get-product/${shirt.slug}`]: { data: { product: shirt } },
    'GET /api/v1/delivery/110001': { data: SERVED },
    'GET /api/v1/delivery/110002': { data: NO_CASH },
    'GET /api/v1/delivery/999999': { data: UNSERVED },
    [CHECK]: judge,
    [CHECKOUT]: {
      status: 201,
      data: { success: true, order: { _id: '41' }, orderToken: 'tok' },
    },
  });
  return render(
    <AuthProvider>
      <CartProvider>
        <Toaster />
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="/order/:id" element={<PlacedProbe />} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

const summary = () => screen.getByRole('region', { name: 'Cart Summary' });

async function openGuestForm(user) {
  await user.click(await screen.findByRole('button', { name: 'Checkout as guest' }));
  return screen.findByRole('form', { name: 'Guest checkout' });
}

describe('the guest checkout form in the cart', () => {
  it('says at the PIN code whether the shop delivers there and takes cash', async () => {
    const user = userEvent.setup();
    renderCart();
    const form = await openGuestForm(user);
    const pin = within(form).getByLabelText('PIN code');
    const line = within(form).getByTestId('pin-delivery');
    expect(line).toHaveAttribute('aria-live', 'polite');

    await user.type(pin, '110001');
    await waitFor(() =>
      expect(line).toHaveTextContent('We deliver to 110001 (Delhi); cash on delivery available.'),
    );
    await user.clear(pin);
    await user.type(pin, '110002');
    await waitFor(() => expect(line).toHaveTextContent('cash on delivery is not available there.'));
    await user.clear(pin);
    await user.type(pin, '999999');
    await waitFor(() => expect(line).toHaveTextContent('We do not deliver to 999999 yet.'));
    expect(line).toHaveClass('text-danger');
  });

  it('applies a coupon without a token, shows its discount and sends it with the order', async () => {
    const user = userEvent.setup();
    renderCart();
    // Before the guest form opens, the summary asks a guest to log in for a coupon.
    expect(await within(summary()).findByTestId('coupon-login')).toBeInTheDocument();
    await openGuestForm(user);
    // The box moves to the guest form (not a second one in the summary).
    expect(within(summary()).queryByRole('region', { name: 'Coupon' })).toBeNull();
    const box = screen.getByRole('region', { name: 'Coupon' });
    await user.type(within(box).getByRole('textbox', { name: 'Coupon code' }), 'save10');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));

    expect(await within(box).findByTestId('coupon-applied')).toHaveTextContent('Coupon SAVE10');
    const [check] = server.calls.filter((call) => call.key === CHECK);
    expect(check.authorization).toBeNull();
    expect(check.body).toEqual({
      code: 'save10',
      cart: [{ _id: '2', quantity: 2 }],
      payment: 'cod',
    });
    expect(within(summary()).getByText(/SAVE10/)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Guest checkout' });
    await user.type(within(form).getByLabelText('Name'), 'Asha Rao');
    await user.type(within(form).getByLabelText('Email'), 'asha@example.com');
    await user.type(within(form).getByLabelText('Phone'), '9876543210');
    await user.type(within(form).getByLabelText('Address line 1'), '14 Janpath');
    await user.type(within(form).getByLabelText('City'), 'New Delhi');
    await user.selectOptions(within(form).getByLabelText('State'), 'Delhi');
    await user.type(within(form).getByLabelText('PIN code'), '110001');
    await user.click(screen.getByRole('button', { name: 'Place Order (Cash on Delivery)' }));

    expect(await screen.findByText('order page 41')).toBeInTheDocument();
    const [order] = server.calls.filter((call) => call.key === CHECKOUT);
    expect(order.body.coupon).toBe('SAVE10');
    expect(order.authorization).toBeNull();
    expect(window.localStorage.getItem(COUPON_KEY)).toBeNull();
  });

  it('says why a code does not apply, in the guest form', async () => {
    const user = userEvent.setup();
    renderCart();
    await openGuestForm(user);
    const box = screen.getByRole('region', { name: 'Coupon' });
    await user.type(within(box).getByRole('textbox', { name: 'Coupon code' }), 'nope');
    await user.click(within(box).getByRole('button', { name: 'Apply' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      'There is no coupon with this code.',
    );
  });
});
