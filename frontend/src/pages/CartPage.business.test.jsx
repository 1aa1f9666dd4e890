// A business purchase at checkout: "I have a GSTIN (business purchase)" opens the GSTIN
// and business name fields (loaded on first use), checked as they are typed with the
// GSTIN's state named; what checkout sends; filled in from an address that keeps them.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { AUTH_KEY, CART_KEY } from '../constants/storageKeys';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import CartPage from './CartPage';

const shirt = {
  _id: '2',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'Breathable linen.',
  price: 799,
  quantity: 40,
};
const SHOPPER = { token: 't', user: { name: 'Asha', address: '12 MG Road, Pune', role: 0 } };
const HOME = {
  _id: 31,
  name: 'Asha',
  phone: '9876543210',
  line1: '12 MG Road',
  line2: '',
  city: 'Pune',
  state: 'Maharashtra',
  stateCode: '27',
  pincode: '411001',
  isDefault: true,
  gstin: null,
  businessName: null,
};
const OFFICE = {
  ...HOME,
  _id: 32,
  line1: '9 Park Street',
  isDefault: false,
  gstin: '27AAACS1234A1Z2',
  businessName: 'Asha Traders LLP',
};
const PLACED = { status: 201, data: { success: true, order: { _id: '90' } } };

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
  resetShopInfo();
});

function open(addresses = [HOME]) {
  server = fakeServer({
    'GET /api/v1/shop-info': { data: shopInfoAnswer({ delivery: { charge: 0, freeFrom: null } }) },
    'GET /api/v1/auth/addresses': { data: addresses },
    [`GET /api/v1/product/get-product/${shirt.slug}`]: { data: { product: shirt } },
    'POST /api/v1/orders/checkout': PLACED,
  });
  window.localStorage.setItem(CART_KEY, JSON.stringify([shirt]));
  window.localStorage.setItem(AUTH_KEY, JSON.stringify(SHOPPER));
  render(
    <AuthProvider>
      <CartProvider>
        <Toaster />
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="/dashboard/user/orders/:id/placed" element={<p>placed page</p>} />
            <Route path="/dashboard/user/orders" element={<p>orders page</p>} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

const summary = () => screen.getByRole('region', { name: 'Cart Summary' });
const box = () =>
  within(summary()).getByRole('checkbox', { name: 'I have a GSTIN (business purchase)' });
const placeOrder = () =>
  within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' });
const checkouts = () => server.calls.filter((call) => call.key === 'POST /api/v1/orders/checkout');

async function type(user, field, text) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('CartPage: a business purchase', () => {
  it('opens the fields when ticked, checks the GSTIN as typed, names its state and sends both', async () => {
    const user = userEvent.setup();
    open();
    await within(summary()).findByRole('radio', { name: /12 MG Road/ });
    expect(box()).not.toBeChecked();
    expect(within(summary()).queryByLabelText('GSTIN')).toBeNull();
    await user.click(box());
    const gstin = await within(summary()).findByLabelText('GSTIN');
    const name = within(summary()).getByLabelText('Business name');
    // A wrong check character, once the 15 characters are in.
    await type(user, gstin, '29AAACS1234A1ZZ');
    expect(gstin).toHaveAccessibleDescription(/its last character does not match/);
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    // No state has code 99.
    await type(user, gstin, '99AAACS1234A1ZR');
    expect(gstin).toHaveAccessibleDescription(/99 is none/);
    await type(user, gstin, '29aaacs 1234 a1zy');
    expect(gstin).not.toHaveAttribute('aria-invalid');
    expect(within(summary()).getByText('Registered in Karnataka')).toBeInTheDocument();
    await type(user, name, '  Asha Traders Private Limited ');
    await user.click(placeOrder());
    expect(await screen.findByText('placed page')).toBeInTheDocument();
    expect(checkouts()).toHaveLength(1);
    expect(checkouts()[0].body).toEqual({
      cart: [{ _id: '2', quantity: 1 }],
      payment: 'cod',
      addressId: 31,
      gstin: '29AAACS1234A1ZY',
      businessName: 'Asha Traders Private Limited',
    });
  });

  it('places nothing while the GSTIN or the name is wrong, and says so by the field', async () => {
    const user = userEvent.setup();
    open();
    await within(summary()).findByRole('radio', { name: /12 MG Road/ });
    await user.click(box());
    const gstin = await within(summary()).findByLabelText('GSTIN');
    await user.click(placeOrder());
    expect(gstin).toHaveFocus();
    expect(gstin).toHaveAccessibleDescription(/Enter the GSTIN/);
    await type(user, gstin, '29AAACS1234A1ZY');
    await user.click(placeOrder());
    const name = within(summary()).getByLabelText('Business name');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription(/Please add the business name on the GSTIN/);
    expect(checkouts()).toHaveLength(0);
  });

  it('is filled in from an address that keeps a GSTIN, and unticked it buys as a consumer', async () => {
    const user = userEvent.setup();
    open([HOME, OFFICE]);
    const office = await within(summary()).findByRole('radio', { name: /9 Park Street/ });
    expect(office).toHaveAccessibleName(/GSTIN: 27AAACS1234A1Z2 \(Asha Traders LLP\)/);
    await user.click(office);
    expect(box()).toBeChecked();
    const gstin = await within(summary()).findByLabelText('GSTIN');
    expect(gstin).toHaveValue('27AAACS1234A1Z2');
    expect(within(summary()).getByLabelText('Business name')).toHaveValue('Asha Traders LLP');
    expect(within(summary()).getByText('Registered in Maharashtra')).toBeInTheDocument();
    // Back to the home address: what the office filled in goes.
    await user.click(within(summary()).getByRole('radio', { name: /12 MG Road/ }));
    expect(box()).not.toBeChecked();
    await user.click(office);
    expect(box()).toBeChecked();
    await user.click(box());
    await user.click(placeOrder());
    expect(await screen.findByText('placed page')).toBeInTheDocument();
    expect(checkouts()[0].body).toEqual({
      cart: [{ _id: '2', quantity: 1 }],
      payment: 'cod',
      addressId: 32,
      gstin: '',
    });
  });

  it('sends the address’s GSTIN and name when left as filled in', async () => {
    const user = userEvent.setup();
    open([{ ...OFFICE, isDefault: true }]);
    await within(summary()).findByLabelText('GSTIN');
    await waitFor(() => expect(box()).toBeChecked());
    await user.click(placeOrder());
    expect(await screen.findByText('placed page')).toBeInTheDocument();
    expect(checkouts()[0].body).toMatchObject({
      addressId: 32,
      gstin: '27AAACS1234A1Z2',
      businessName: 'Asha Traders LLP',
    });
  });
});
