import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { AUTH_KEY, CART_KEY } from '../constants/storageKeys';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import CartPage from './CartPage';

const phone = {
  _id: '1',
  name: 'Pixel Phone',
  slug: 'pixel-phone',
  description:
    'A bright 6.1-inch OLED screen, 128 GB storage and a camera that loves low light scenes.',
  price: 1999.5,
  quantity: 4,
};
const shirt = {
  _id: '2',
  name: 'Linen Shirt',
  slug: 'linen-shirt',
  description: 'Breathable linen.',
  price: 799,
  quantity: 40,
};
const SHOPPER = { token: 't', user: { name: 'Asha', address: '12 MG Road, Pune', role: 0 } };

function LoginProbe() {
  const location = useLocation();
  return <p data-testid="login">from={location.state?.from}</p>;
}

// The shop's settings: free delivery unless a test says otherwise.
const FREE = { data: shopInfoAnswer({ delivery: { charge: 0, freeFrom: null } }) };

// The server knows these products as they are now (default: as stored in the cart), the
// shop's settings and the shopper's saved addresses (none unless given).
function serve(products = [phone, shirt], extra = {}) {
  const routes = {
    'GET /api/v1/shop-info': FREE,
    'GET /api/v1/auth/addresses': { data: [] },
    ...extra,
  };
  for (const product of products) {
    routes[`GET /api/v1/product/get-product/${product.slug}`] = { data: { product } };
  }
  return fakeServer(routes);
}

// The confirmation page checkout lands on, with the order it names.
function PlacedProbe() {
  const { id } = useParams();
  return <p>placed page of order {id}</p>;
}

function RegisterProbe() {
  const location = useLocation();
  return <p data-testid="register">from={location.state?.from}</p>;
}

function renderCart({ cart = [], auth = null } = {}) {
  window.localStorage.setItem(CART_KEY, JSON.stringify(cart));
  if (auth) window.localStorage.setItem(AUTH_KEY, JSON.stringify(auth));
  return render(
    <AuthProvider>
      <CartProvider>
        <Toaster />
        <MemoryRouter initialEntries={['/cart']}>
          <Routes>
            <Route path="/cart" element={<CartPage />} />
            <Route path="/login" element={<LoginProbe />} />
            <Route path="/product/:slug" element={<p>product page</p>} />
            <Route path="/dashboard/user/profile" element={<p>profile form</p>} />
            <Route path="/dashboard/user/orders" element={<p>orders page</p>} />
            <Route path="/dashboard/user/orders/:id/placed" element={<PlacedProbe />} />
            <Route path="/register" element={<RegisterProbe />} />
          </Routes>
        </MemoryRouter>
      </CartProvider>
    </AuthProvider>,
  );
}

const stored = () => JSON.parse(window.localStorage.getItem(CART_KEY));
// The refresh of the cart's products, without the shop's settings and the addresses.
const productCalls = () => server.calls.filter((call) => call.key.includes('/product/'));
const summary = () => screen.getByRole('region', { name: 'Cart Summary' });

let server;
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
  resetShopInfo();
});

describe('CartPage', () => {
  it('groups a product listed twice into one line, totals it and previews 50 characters', async () => {
    server = serve();
    renderCart({ cart: [phone, shirt, phone] });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello Guest');
    expect(
      screen.getByText('You have 3 items in your cart. Please log in to check out.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹4,798');
    expect(
      screen.getAllByText('A bright 6.1-inch OLED screen, 128 GB storage and ...'),
    ).toHaveLength(1);
    expect(screen.getByLabelText('Quantity of Pixel Phone')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'Pixel Phone' })).toHaveAttribute(
      'href',
      '/product/pixel-phone',
    );
    await waitFor(() => expect(productCalls()).toHaveLength(2));
  });

  it('steps a quantity up to the stock and down to 1, keeping the stored shape', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [phone] });
    const more = screen.getByRole('button', { name: 'More: Pixel Phone' });
    for (let i = 0; i < 5; i += 1) if (!more.disabled) await user.click(more);
    expect(screen.getByLabelText('Quantity of Pixel Phone')).toHaveTextContent('4');
    expect(more).toBeDisabled();
    // Said, not only greyed out: the stock is what stops it.
    expect(more).toHaveAccessibleDescription('Only 4 in stock.');
    expect(stored()).toHaveLength(4);
    expect(stored().every((item) => item._id === '1')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Fewer: Pixel Phone' }));
    expect(stored()).toHaveLength(3);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹5,998.50');
  });

  it('says the per-order cap of 10 when the quantity reaches it', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt] });
    const more = screen.getByRole('button', { name: 'More: Linen Shirt' });
    expect(more).not.toHaveAccessibleDescription();
    for (let i = 0; i < 12; i += 1) if (!more.disabled) await user.click(more);
    expect(screen.getByLabelText('Quantity of Linen Shirt')).toHaveTextContent('10');
    expect(more).toHaveAccessibleDescription('At most 10 of a product in one order.');
  });

  it('shows each product’s stock', () => {
    server = serve();
    renderCart({ cart: [phone, shirt] });
    const stock = screen.getAllByTestId('stock').map((node) => node.textContent);
    expect(stock).toEqual(['Only 4 left', 'In stock']);
  });

  it('removes a product at once and offers Undo in the toast', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [phone, shirt, phone] });
    await user.click(screen.getByRole('button', { name: 'Remove: Pixel Phone' }));
    expect(screen.queryByRole('link', { name: 'Pixel Phone' })).not.toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹799');
    expect(stored()).toEqual([shirt]);
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(stored()).toHaveLength(3);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹4,798');
  });

  it('moves focus to Undo after Remove, then to the next line when the toast goes', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [phone, shirt] });
    await user.click(screen.getByRole('button', { name: 'Remove: Pixel Phone' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    await waitFor(() => expect(undo).toHaveFocus());
    act(() => toast.remove());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove: Linen Shirt' })).toHaveFocus(),
    );
  });

  it('returns focus to the line Undo brought back, and to Continue Shopping when empty', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt] });
    await user.click(screen.getByRole('button', { name: 'Remove: Linen Shirt' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    act(() => toast.remove());
    const back = screen.getByRole('button', { name: 'Remove: Linen Shirt' });
    await waitFor(() => expect(back).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus());
    act(() => toast.remove());
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveFocus(),
    );
  });

  it('refreshes from the server: a deleted product leaves with a notice, a new price shows as changed', async () => {
    server = serve([{ ...shirt, price: 699 }], {
      'GET /api/v1/product/get-product/pixel-phone': {
        status: 404,
        data: { success: false, message: 'Product not found' },
      },
    });
    renderCart({ cart: [phone, shirt] });
    expect(await screen.findByRole('status')).toHaveTextContent('Pixel Phone');
    expect(screen.getByText(/Price changed: was ₹799, now ₹699/)).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹699');
    expect(stored()).toEqual([{ ...shirt, price: 699 }]);
  });

  it('shows an empty cart with a centred Continue Shopping and no summary', () => {
    renderCart();
    expect(screen.getByText('Your Cart Is Empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Cart Summary' })).not.toBeInTheDocument();
    expect(screen.queryByText(/₹0/)).not.toBeInTheDocument();
  });

  it('sends a guest to login, remembering the cart', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt] });
    expect(screen.getByText('Please login to proceed with checkout.')).toBeInTheDocument();
    await user.click(within(summary()).getByRole('button', { name: 'Please login to checkout' }));
    expect(screen.getByTestId('login')).toHaveTextContent('from=/cart');
  });

  it('lets a guest register from the cart, to come back to it', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt] });
    expect(screen.queryByTestId('order-review')).not.toBeInTheDocument();
    await user.click(within(summary()).getByRole('link', { name: 'Register here' }));
    expect(screen.getByTestId('register')).toHaveTextContent('from=/cart');
  });

  it('shows the address of a signed-in shopper with Update Address and Place Order', async () => {
    const user = userEvent.setup();
    server = serve();
    renderCart({ cart: [shirt], auth: SHOPPER });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello Asha');
    expect(screen.getByText('You have 1 item in your cart.')).toBeInTheDocument();
    expect(within(summary()).getByText('12 MG Road, Pune', { selector: 'p' })).toBeInTheDocument();
    expect(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    ).toBeEnabled();
    // Right above the button: where it goes, how it is paid, what and for how much.
    const review = within(summary()).getByRole('region', { name: 'Review your order' });
    expect(within(review).getByTestId('review-address')).toHaveTextContent('12 MG Road, Pune');
    expect(within(review).getByTestId('review-payment')).toHaveTextContent('Cash on delivery');
    expect(within(review).getByText(`${shirt.name} × 1: ₹799`)).toBeInTheDocument();
    expect(within(review).getByTestId('review-total')).toHaveTextContent('₹799 (taxes included)');
    // On a phone the bar shows the address over the total and the button.
    expect(screen.getByTestId('bar-address')).toHaveTextContent('Deliver to: 12 MG Road, Pune');
    expect(screen.queryByText('Please login to proceed with checkout.')).not.toBeInTheDocument();
    await user.click(within(summary()).getByRole('button', { name: 'Update Address' }));
    expect(screen.getByText('profile form')).toBeInTheDocument();
  });

  it('offers Update Address instead of Place Order without an address', () => {
    server = serve();
    renderCart({
      cart: [shirt],
      auth: { token: 't', user: { name: 'Ravi', address: '', role: 0 } },
    });
    expect(within(summary()).getByRole('button', { name: 'Update Address' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Place Order/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Current Address')).not.toBeInTheDocument();
  });

  it('places the order: one line per product, then empties the cart and opens its confirmation', async () => {
    const user = userEvent.setup();
    server = serve([phone, shirt], {
      'POST /api/v1/orders/checkout': {
        status: 201,
        data: { success: true, order: { _id: '42' } },
      },
    });
    renderCart({ cart: [phone, shirt, phone], auth: SHOPPER });
    await waitFor(() => expect(productCalls()).toHaveLength(2));
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    expect(await screen.findByText('placed page of order 42')).toBeInTheDocument();
    const placed = server.calls.find((call) => call.key === 'POST /api/v1/orders/checkout');
    expect(placed.body).toEqual({
      cart: [
        { _id: '1', quantity: 2 },
        { _id: '2', quantity: 1 },
      ],
      payment: 'cod',
    });
    expect(stored()).toEqual([]);
    expect(await screen.findByText(/Order placed/)).toBeInTheDocument();
  });

  it('keeps the cart and says why when stock ran short', async () => {
    const user = userEvent.setup();
    server = serve([phone], {
      'POST /api/v1/orders/checkout': {
        status: 409,
        data: { success: false, message: 'Not enough stock: Pixel Phone (1 left).' },
      },
    });
    renderCart({ cart: [phone, phone], auth: SHOPPER });
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    expect(await screen.findByText('Not enough stock: Pixel Phone (1 left).')).toBeInTheDocument();
    expect(stored()).toHaveLength(2);
  });
});

// A tee in sizes and colours: a cart line is one of its variants.
const tee = {
  _id: '12',
  name: 'Cotton Tee',
  slug: 'cotton-tee',
  description: 'Soft cotton.',
  price: 499,
  quantity: 14,
  options: [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Colour', values: ['Black', 'Blue'] },
  ],
  variants: [
    { _id: '17', options: { Size: 'S', Colour: 'Black' }, price: 499, quantity: 2 },
    { _id: '18', options: { Size: 'M', Colour: 'Black' }, price: 549, quantity: 12 },
  ],
  photos: [
    { _id: '1', url: '/p/12/1?v=a', alt: 'Cotton Tee, front', option: null, widths: [] },
    { _id: '2', url: '/p/12/2?v=b', alt: 'Black tee', option: 'Black', widths: [] },
  ],
};
const teeAs = (variant) => {
  const chosen = tee.variants.find((v) => v._id === variant);
  return { ...tee, variant, price: chosen.price, quantity: chosen.quantity };
};

describe('CartPage with variants', () => {
  it('strikes through a line’s maximum retail price, its variant’s own, with the percentage off', async () => {
    const withMrp = {
      ...tee,
      variants: [
        { ...tee.variants[0], mrp: 999 },
        { ...tee.variants[1], mrp: null },
      ],
    };
    server = serve([withMrp]);
    const entry = (variant) => ({ ...teeAs(variant), variants: withMrp.variants });
    renderCart({ cart: [entry('17'), entry('18')] });
    const items = within(screen.getByRole('region', { name: 'Items in your cart' }));
    const [first, second] = items.getAllByRole('listitem');
    expect(within(first).getByTestId('mrp')).toHaveTextContent('M.R.P. ₹999');
    expect(within(first).getByText('Maximum retail price ₹999')).toHaveClass('visually-hidden');
    expect(within(first).getByTestId('percent-off')).toHaveTextContent('50% off');
    expect(within(second).queryByTestId('mrp')).not.toBeInTheDocument();
    expect(within(second).getByText('Price: ₹549')).toBeInTheDocument();
    await waitFor(() => expect(productCalls()).toHaveLength(1));
  });

  it('shows each variant as its own line with its choice, price and stock', async () => {
    server = serve([tee]);
    renderCart({ cart: [teeAs('18'), teeAs('17'), teeAs('18')] });
    const items = within(screen.getByRole('region', { name: 'Items in your cart' }));
    const choices = items.getAllByTestId('cart-choice').map((node) => node.textContent);
    expect(choices).toEqual(['Size: M · Colour: Black', 'Size: S · Colour: Black']);
    expect(
      screen.getByLabelText('Quantity of Cotton Tee (Size M, Colour Black)'),
    ).toHaveTextContent('2');
    expect(items.getByText(/Price: ₹549/)).toHaveTextContent('Price: ₹549 × 2 = ₹1,098');
    expect(items.getByText('Price: ₹499')).toBeInTheDocument();
    expect(screen.getAllByTestId('stock').map((node) => node.textContent)).toEqual([
      'In stock',
      'Only 2 left',
    ]);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹1,597');
    // Its photo is the one of its colour.
    expect(document.querySelector('.cart-item-img')).toHaveAttribute('src', '/p/12/2?v=b');
    // The line links to the product page with its choice made.
    expect(items.getAllByRole('link', { name: 'Cotton Tee' })[1]).toHaveAttribute(
      'href',
      '/product/cotton-tee?variant=17',
    );
    await waitFor(() => expect(productCalls()).toHaveLength(1));
  });

  it('steps and removes one variant line, leaving the other', async () => {
    const user = userEvent.setup();
    server = serve([tee]);
    renderCart({ cart: [teeAs('17'), teeAs('18')] });
    const more = screen.getByRole('button', { name: 'More: Cotton Tee (Size S, Colour Black)' });
    await user.click(more);
    expect(more).toBeDisabled(); // 2 left of S Black
    await user.click(
      screen.getByRole('button', { name: 'Remove: Cotton Tee (Size M, Colour Black)' }),
    );
    expect(stored().map((item) => item.variant)).toEqual(['17', '17']);
    expect(
      await screen.findByText('Cotton Tee (Size M, Colour Black) removed from your cart'),
    ).toBeInTheDocument();
  });

  it('sends the variant of each line at checkout, and no variant for an old entry', async () => {
    const user = userEvent.setup();
    server = serve([tee, shirt], {
      'POST /api/v1/orders/checkout': { status: 201, data: { success: true, order: {} } },
    });
    renderCart({ cart: [teeAs('18'), shirt, teeAs('18'), teeAs('17')], auth: SHOPPER });
    await waitFor(() => expect(productCalls()).toHaveLength(2));
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    const placed = server.calls.find((call) => call.key === 'POST /api/v1/orders/checkout');
    expect(placed.body.cart).toEqual([
      { _id: '12', quantity: 2, variant: '18' },
      { _id: '2', quantity: 1 },
      { _id: '12', quantity: 1, variant: '17' },
    ]);
  });

  it('drops a line whose variant was deleted and says so in a toast', async () => {
    server = serve([{ ...tee, variants: [tee.variants[0]] }]);
    renderCart({ cart: [teeAs('17'), teeAs('18')] });
    expect(
      await screen.findByText(
        'Cotton Tee (Size M, Colour Black) is no longer available and was removed from your cart.',
      ),
    ).toBeInTheDocument();
    // The notice above the list stays after the toast has gone.
    expect(
      screen.getByText(
        'No longer available, removed from your cart: Cotton Tee (Size M, Colour Black)',
      ),
    ).toBeInTheDocument();
    expect(stored().map((item) => item.variant)).toEqual(['17']);
    expect(screen.queryByText('Size: M · Colour: Black')).not.toBeInTheDocument();
  });

  it('loads an old stored entry and maps it to the product’s one variant', async () => {
    const kettle = { _id: '40', name: 'Kettle', slug: 'kettle', description: '', price: 1299 };
    const now = {
      ...kettle,
      quantity: 3,
      options: [],
      variants: [{ _id: '41', options: {}, price: 1299, quantity: 3 }],
    };
    server = serve([now]);
    renderCart({ cart: [kettle, kettle] });
    expect(screen.getByLabelText('Quantity of Kettle')).toHaveTextContent('2');
    await waitFor(() => expect(stored().every((item) => item.variant === '41')).toBe(true));
    expect(screen.getByLabelText('Quantity of Kettle')).toHaveTextContent('2');
    expect(screen.getByTestId('stock')).toHaveTextContent('Only 3 left');
  });
});

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
};
const OFFICE = { ...HOME, _id: 32, line1: '9 Park Street', city: 'Kolkata', isDefault: false };
const rule = (delivery) => ({ data: shopInfoAnswer({ delivery }) });

describe('CartPage: delivery charge and saved addresses', () => {
  it('adds the delivery charge below the free threshold and says how much more makes it free', async () => {
    server = serve([shirt], { 'GET /api/v1/shop-info': rule({ charge: 49, freeFrom: 999 }) });
    renderCart({ cart: [shirt] });
    const totals = await screen.findByTestId('cart-totals');
    await waitFor(() =>
      expect(within(totals).getByTestId('delivery-charge')).toHaveTextContent('₹49'),
    );
    expect(totals).toHaveTextContent('Subtotal₹799');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹848');
    expect(screen.getByTestId('free-delivery-hint')).toHaveTextContent(
      'Add ₹200 more for free delivery.',
    );
    expect(within(summary()).getByText('Prices are inclusive of all taxes')).toBeInTheDocument();
    expect(screen.getByTestId('cart-sticky-bar')).toHaveTextContent('Total ₹848');
  });

  it('delivers free at the threshold, and always when the charge is 0', async () => {
    server = serve([shirt], { 'GET /api/v1/shop-info': rule({ charge: 49, freeFrom: 799 }) });
    renderCart({ cart: [shirt] });
    await waitFor(() => expect(screen.getByTestId('delivery-charge')).toHaveTextContent('Free'));
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹799');
    expect(screen.queryByTestId('free-delivery-hint')).toBeNull();
  });

  it('charges every order when there is no threshold', async () => {
    server = serve([shirt], { 'GET /api/v1/shop-info': rule({ charge: 60, freeFrom: null }) });
    renderCart({ cart: [shirt, shirt] });
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('₹1,658'));
    expect(screen.queryByTestId('free-delivery-hint')).toBeNull();
  });

  it('preselects the default address, sends the chosen one as addressId', async () => {
    const user = userEvent.setup();
    server = serve([shirt], {
      'GET /api/v1/auth/addresses': { data: [HOME, OFFICE] },
      'POST /api/v1/orders/checkout': { status: 201, data: { success: true, order: {} } },
    });
    renderCart({ cart: [shirt], auth: SHOPPER });
    const group = await within(summary()).findByRole('group', { name: 'Deliver to' });
    const [home, office] = within(group).getAllByRole('radio');
    expect(home).toBeChecked();
    expect(home).toHaveAccessibleName(expect.stringContaining('12 MG Road'));
    await user.click(office);
    expect(office).toBeChecked();
    expect(within(summary()).getByRole('link', { name: 'Manage addresses' })).toHaveAttribute(
      'href',
      '/dashboard/user/profile#addresses',
    );
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    const placed = server.calls.find((call) => call.key === 'POST /api/v1/orders/checkout');
    expect(placed.body).toEqual({
      cart: [{ _id: '2', quantity: 1 }],
      payment: 'cod',
      addressId: 32,
    });
  });

  it('adds an address in place for a shopper without one, then orders to it', async () => {
    const user = userEvent.setup();
    let list = [];
    server = serve([shirt], {
      'GET /api/v1/auth/addresses': () => ({ data: list }),
      'POST /api/v1/auth/addresses': (body) => {
        const address = { ...body, _id: 40, stateCode: '27', isDefault: true };
        list = [address];
        return { status: 201, data: { success: true, address } };
      },
      'POST /api/v1/orders/checkout': { status: 201, data: { success: true, order: {} } },
    });
    renderCart({
      cart: [shirt],
      auth: { token: 't', user: { name: 'Ravi', address: '', role: 0 } },
    });
    expect(screen.queryByRole('button', { name: /Place Order/ })).toBeNull();
    await user.click(
      await within(summary()).findByRole('button', { name: 'Add a Delivery Address' }),
    );
    await user.click(screen.getByLabelText('Full name'));
    await user.paste('Ravi Kumar');
    await user.click(screen.getByLabelText('Phone'));
    await user.paste('9123456780');
    await user.click(screen.getByLabelText('Address line 1'));
    await user.paste('3 Lake Road');
    await user.click(screen.getByLabelText('City'));
    await user.paste('Pune');
    await user.selectOptions(screen.getByLabelText('State'), 'Maharashtra');
    await user.click(screen.getByLabelText('PIN code'));
    await user.paste('411002');
    await user.click(screen.getByRole('button', { name: 'Save and deliver here' }));
    const radio = await within(summary()).findByRole('radio', { name: /3 Lake Road/ });
    expect(radio).toBeChecked();
    expect(JSON.parse(window.localStorage.getItem(AUTH_KEY)).user.address).toBe(
      'Ravi Kumar, 3 Lake Road, Pune, Maharashtra 411002. Phone 9123456780',
    );
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    expect(await screen.findByText('orders page')).toBeInTheDocument();
    const placed = server.calls.find((call) => call.key === 'POST /api/v1/orders/checkout');
    expect(placed.body.addressId).toBe(40);
  });

  it('shows the reason of a refused checkout and keeps the cart', async () => {
    const user = userEvent.setup();
    const reason = 'Cash on delivery is not available above ₹50,000.';
    server = serve([shirt], {
      'GET /api/v1/auth/addresses': { data: [HOME] },
      'POST /api/v1/orders/checkout': { status: 400, data: { success: false, message: reason } },
    });
    renderCart({ cart: [shirt], auth: SHOPPER });
    await within(summary()).findByRole('radio', { name: /12 MG Road/ });
    await user.click(
      within(summary()).getByRole('button', { name: 'Place Order (Cash on Delivery)' }),
    );
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(stored()).toHaveLength(1);
  });
});

describe('CartPage in a sale', () => {
  const DIWALI = { name: 'Diwali Sale', endsAt: new Date(2099, 10, 5, 12).toISOString() };
  const onSale = {
    ...tee,
    price: 399,
    regularPrice: 499,
    sale: DIWALI,
    variants: [
      { ...tee.variants[0], price: 399, regularPrice: 499 },
      { ...tee.variants[1], price: 449, regularPrice: 549 },
    ],
  };

  it('shows the price in force the refreshed product gives, the regular one struck through', async () => {
    server = serve([onSale]);
    // Added before the sale began, at the regular price.
    renderCart({ cart: [teeAs('18'), teeAs('18')] });
    const line = () => within(screen.getByRole('region', { name: 'Items in your cart' }));
    await waitFor(() => expect(line().getByText(/^₹449$/)).toBeInTheDocument());
    expect(line().getByTestId('regular-price')).toHaveTextContent('Regular price ₹549');
    expect(line().getByTestId('percent-off')).toHaveTextContent('18% off');
    expect(line().getByText('Diwali Sale')).toHaveClass('badge');
    expect(line().getByTestId('sale')).toHaveTextContent('Sale ends 5 Nov 2099');
    expect(line().getByText('Price changed: was ₹549, now ₹449')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: ₹898');
    expect(stored()[0]).toMatchObject({ price: 449, regularPrice: 549, sale: DIWALI });
  });

  it('shows the regular price again, without the sale, once the answer has none', async () => {
    const after = { ...tee, regularPrice: 499, sale: null };
    server = serve([after]);
    const entry = { ...onSale, variant: '18', price: 449, regularPrice: 549, quantity: 12 };
    renderCart({ cart: [entry] });
    const line = () => within(screen.getByRole('region', { name: 'Items in your cart' }));
    await waitFor(() => expect(line().getByText('Price: ₹549')).toBeInTheDocument());
    expect(line().queryByTestId('regular-price')).not.toBeInTheDocument();
    expect(line().queryByTestId('sale')).not.toBeInTheDocument();
  });
});
