// The cart of a signed-in shopper follows the account: merged at sign-in, saved a moment
// after a change (at once when the page is hidden), reloaded when another device changed
// it, emptied on the device at sign-out. The HTTP transport is faked; everything of ours
// (apiClient, api.js, the context) runs for real.
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../lib/apiClient';
import { CART_KEY, CART_UNSAVED_KEY, COUPON_KEY } from '../../constants/storageKeys';
import { CartProvider, useCart } from './CartContext';
import { CALL_TIMEOUT_MS, SAVE_DELAY_MS, signInKey } from './useAccountCart';
import { useCartRefresh } from './useCartRefresh';

const PHONE = {
  _id: '1',
  name: 'Pixel Phone',
  slug: 'pixel-phone',
  price: 500,
  quantity: 9,
  variants: [{ _id: '11', options: {}, price: 500, quantity: 9 }],
};
const TEE = {
  _id: '2',
  name: 'Cotton Tee',
  slug: 'cotton-tee',
  price: 300,
  quantity: 9,
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { _id: '21', options: { Size: 'S' }, price: 300, quantity: 5 },
    { _id: '22', options: { Size: 'M' }, price: 320, quantity: 4 },
  ],
};
const MUG = {
  _id: '3',
  name: 'Steel Mug',
  slug: 'steel-mug',
  price: 200,
  quantity: 9,
  variants: [{ _id: '31', options: {}, price: 200, quantity: 9 }],
};
const PRODUCTS = { 'pixel-phone': PHONE, 'cotton-tee': TEE, 'steel-mug': MUG };
// The catalogue's get-product call, as the app passes it.
const getProduct = (slug) => apiClient.get(`/api/v1/product/get-product/${slug}`);
// A token as the server issues them: header.payload.signature, the payload with a `jti`.
const TOKEN = `e30.${window.btoa(JSON.stringify({ user_id: 7, jti: 'sign-in-1' }))}.sig`;

let calls;
let server;
let previousDefaults;

// The server's cart: `lines` [{_id, variant, quantity, slug}] and its version.
function answer(status, data) {
  return { status, data: { success: status < 400, ...data } };
}
const cartAnswer = () => answer(200, { cart: server.lines, version: server.version });
const givenUp = (signal) =>
  new Promise((_, reject) => {
    const cancel = () =>
      reject(Object.assign(new Error('canceled'), { name: 'CanceledError', code: 'ERR_CANCELED' }));
    if (signal?.aborted) cancel();
    signal?.addEventListener('abort', cancel);
  });

beforeEach(() => {
  window.localStorage.clear();
  calls = [];
  server = { lines: [], version: 0, hold: null };
  previousDefaults = { ...apiClient.defaults };
  apiClient.defaults.adapter = async (config) => {
    const key = `${config.method.toUpperCase()} ${config.url}`;
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ key, body, config });
    // As a real transport, a call given up (its signal aborted) rejects at once.
    if (server.hold) await Promise.race([server.hold, givenUp(config.signal)]);
    let reply;
    if (key === 'GET /api/v1/auth/cart') reply = cartAnswer();
    else if (key === 'POST /api/v1/auth/cart/merge') reply = server.merge(body);
    else if (key === 'PUT /api/v1/auth/cart') reply = server.save(body);
    else if (key.startsWith('GET /api/v1/product/get-product/')) {
      const product = PRODUCTS[decodeURIComponent(key.split('/').pop())];
      reply = product ? answer(200, { product }) : answer(404, { message: 'Not found.' });
    } else throw new Error(`No fake answer for ${key}`);
    const response = { ...reply, statusText: String(reply.status), headers: {}, config };
    if (reply.status >= 400) {
      const error = new Error(`Request failed with status code ${reply.status}`);
      throw Object.assign(error, { response, config, isAxiosError: true });
    }
    return response;
  };
  // A save sent as the page goes away reaches the same fake server.
  apiClient.defaults.keepaliveAdapter = apiClient.defaults.adapter;
  server.save = (body) => {
    if (body.version !== server.version) return answer(409, { message: 'Changed elsewhere.' });
    const slug = (id) => Object.values(PRODUCTS).find((p) => p._id === String(id)).slug;
    server.lines = body.cart.map((l) => ({ ...l, variant: String(l.variant), slug: slug(l._id) }));
    server.version += 1;
    return cartAnswer();
  };
  server.merge = () => cartAnswer();
});

afterEach(() => {
  Object.assign(apiClient.defaults, previousDefaults);
  act(() => toast.remove());
});

const stored = () => JSON.parse(window.localStorage.getItem(CART_KEY) ?? '[]');
const sent = (key) => calls.filter((call) => call.key === key);
const lines = (cart) => cart.map((entry) => `${entry._id}:${entry.variant}`);

// The provider as the app mounts it; `who.account` and `who.session` change on rerender.
// `page: true` renders the cart as the cart page does, refreshing its products as it opens.
function renderCart(who, { page = false } = {}) {
  const wrapper = ({ children }) => (
    <CartProvider account={who.account} session={who.session} loadProduct={getProduct}>
      {children}
    </CartProvider>
  );
  const useCartPage = () => {
    const cart = useCart();
    useCartRefresh(cart.cart, cart.replace, getProduct);
    return cart;
  };
  return renderHook(page ? useCartPage : () => useCart(), { wrapper });
}

// The server's lines as [id:variant x quantity], in order.
const serverLines = () => server.lines.map((l) => `${l._id}:${l.variant}x${l.quantity}`);

describe('the cart of a signed-in shopper', () => {
  it('keeps a guest cart on the device only', async () => {
    const { result } = renderCart({ account: null, session: '' });
    act(() => result.current.add(PHONE));
    await act(async () => window.dispatchEvent(new Event('pagehide')));
    expect(stored()).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('merges the guest cart at sign-in once, keyed by the sign-in, and shows the account cart', async () => {
    server.merge = (body) => {
      server.lines = [
        { _id: '2', variant: '22', quantity: 2, slug: 'cotton-tee' },
        ...body.cart.map((l) => ({ ...l, variant: String(l.variant), slug: 'pixel-phone' })),
      ];
      server.version = 3;
      return cartAnswer();
    };
    const who = { account: null, session: '' };
    const { result, rerender } = renderCart(who);
    act(() => result.current.add(PHONE));

    Object.assign(who, { account: '7', session: TOKEN });
    rerender();

    await waitFor(() => expect(lines(result.current.cart)).toEqual(['2:22', '2:22', '1:11']));
    expect(sent('POST /api/v1/auth/cart/merge').map((c) => c.body)).toEqual([
      { cart: [{ _id: '1', quantity: 1, variant: '11' }], mergeKey: 'sign-in-1' },
    ]);
    expect(signInKey(TOKEN)).toBe('sign-in-1');
    // The tee was not on the device: loaded from the catalogue, priced by its variant.
    expect(sent('GET /api/v1/product/get-product/cotton-tee')).toHaveLength(1);
    expect(result.current.cart[0].price).toBe(320);
    expect(lines(stored())).toEqual(['2:22', '2:22', '1:11']);
  });

  it('saves changes once, a moment after the last, with the version it saw', async () => {
    server.lines = [{ _id: '1', variant: '11', quantity: 1, slug: 'pixel-phone' }];
    server.version = 4;
    window.localStorage.setItem(CART_KEY, JSON.stringify([{ ...PHONE, variant: '11' }]));
    const { result } = renderCart({ account: '7', session: TOKEN });
    await waitFor(() => expect(sent('GET /api/v1/auth/cart')).toHaveLength(1));
    await waitFor(() => expect(result.current.cart).toHaveLength(1));

    act(() => result.current.add(TEE, '21'));
    act(() => result.current.changeQuantity('1:11', 3));

    await waitFor(() => expect(sent('PUT /api/v1/auth/cart')).toHaveLength(1), {
      timeout: SAVE_DELAY_MS * 5,
    });
    expect(sent('PUT /api/v1/auth/cart')[0].body).toEqual({
      cart: [
        { _id: '1', quantity: 3, variant: '11' },
        { _id: '2', quantity: 1, variant: '21' },
      ],
      version: 4,
    });
    expect(sent('PUT /api/v1/auth/cart')[0].config.fetchOptions?.keepalive).toBeUndefined();
    await waitFor(() => expect(server.version).toBe(5));
  });

  it('sends a pending change at once when the page is hidden', async () => {
    const { result } = renderCart({ account: '7', session: TOKEN });
    await waitFor(() => expect(sent('GET /api/v1/auth/cart')).toHaveLength(1));
    await waitFor(() => expect(sent('POST /api/v1/auth/cart/merge')).toHaveLength(0));

    act(() => result.current.add(PHONE));
    await act(async () => window.dispatchEvent(new Event('pagehide')));

    // Sent on the event, not after the delay: the call is already on its way, with fetch's
    // keepalive, which the browser finishes after the page has gone.
    expect(sent('PUT /api/v1/auth/cart')).toHaveLength(1);
    const [{ body, config }] = sent('PUT /api/v1/auth/cart');
    expect(body.cart).toEqual([{ _id: '1', quantity: 1, variant: '11' }]);
    expect(config.fetchOptions).toEqual({ keepalive: true });
  });

  it('gives up a save the network never answers, and saves the next change', async () => {
    const { result } = renderCart({ account: '7', session: TOKEN });
    await waitFor(() => expect(sent('GET /api/v1/auth/cart')).toHaveLength(1));
    await waitFor(() => expect(result.current.cart).toEqual([]));
    vi.useFakeTimers();
    try {
      server.hold = new Promise(() => {}); // the network stalls
      act(() => result.current.add(PHONE));
      await act(async () => vi.advanceTimersByTime(SAVE_DELAY_MS));
      expect(sent('PUT /api/v1/auth/cart')).toHaveLength(1);
      server.hold = null;

      act(() => result.current.add(MUG));
      await act(async () => vi.advanceTimersByTime(SAVE_DELAY_MS));
      // Queued behind the stalled save, until that one is given up.
      expect(sent('PUT /api/v1/auth/cart')).toHaveLength(1);
      await act(async () => vi.advanceTimersByTime(CALL_TIMEOUT_MS));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(serverLines()).toEqual(['1:11x1', '3:31x1']));
    expect(sent('PUT /api/v1/auth/cart')).toHaveLength(2);
  });

  it('saves a change the last page left unsaved over the cart it was made to', async () => {
    // The shopper added the mug and followed a link at once: the page went before saving.
    server.lines = [{ _id: '1', variant: '11', quantity: 1, slug: 'pixel-phone' }];
    server.version = 3;
    window.localStorage.setItem(
      CART_KEY,
      JSON.stringify([
        { ...PHONE, variant: '11' },
        { ...MUG, variant: '31' },
      ]),
    );
    window.localStorage.setItem(CART_UNSAVED_KEY, JSON.stringify({ account: '7', version: 3 }));
    const { result } = renderCart({ account: '7', session: TOKEN });

    await waitFor(() => expect(server.version).toBe(4));
    expect(sent('PUT /api/v1/auth/cart')[0].body).toEqual({
      cart: [
        { _id: '1', quantity: 1, variant: '11' },
        { _id: '3', quantity: 1, variant: '31' },
      ],
      version: 3,
    });
    expect(lines(result.current.cart)).toEqual(['1:11', '3:31']);
    expect(window.localStorage.getItem(CART_UNSAVED_KEY)).toBeNull();
  });

  it('shows the cart another device saved since, over a change the last page left unsaved', async () => {
    server.lines = [{ _id: '1', variant: '11', quantity: 2, slug: 'pixel-phone' }];
    server.version = 4;
    window.localStorage.setItem(CART_KEY, JSON.stringify([{ ...MUG, variant: '31' }]));
    window.localStorage.setItem(CART_UNSAVED_KEY, JSON.stringify({ account: '7', version: 3 }));
    const { result } = renderCart({ account: '7', session: TOKEN });

    await waitFor(() => expect(lines(result.current.cart)).toEqual(['1:11', '1:11']));
    expect(sent('PUT /api/v1/auth/cart')).toHaveLength(0);
    expect(window.localStorage.getItem(CART_UNSAVED_KEY)).toBeNull();
  });

  it('makes a change refused because another device saved first again to that cart', async () => {
    const { result } = renderCart({ account: '7', session: TOKEN });
    await waitFor(() => expect(sent('GET /api/v1/auth/cart')).toHaveLength(1));
    // Another device saves two tees meanwhile.
    server.lines = [{ _id: '2', variant: '21', quantity: 2, slug: 'cotton-tee' }];
    server.version = 1;

    act(() => result.current.add(PHONE));
    await act(async () => window.dispatchEvent(new Event('pagehide')));

    await waitFor(() => expect(server.version).toBe(2));
    expect(sent('PUT /api/v1/auth/cart').map((call) => call.body.version)).toEqual([0, 1]);
    expect(serverLines()).toEqual(['2:21x2', '1:11x1']);
    expect(lines(result.current.cart)).toEqual(['2:21', '2:21', '1:11']);
    expect(lines(stored())).toEqual(['2:21', '2:21', '1:11']);
  });

  it('makes a change made while the cart loads again to the cart loaded', async () => {
    window.localStorage.setItem(CART_KEY, JSON.stringify([{ ...MUG, variant: '31' }]));
    server.lines = [{ _id: '2', variant: '22', quantity: 1, slug: 'cotton-tee' }];
    server.version = 5;
    let release;
    server.hold = new Promise((resolve) => {
      release = resolve;
    });
    const { result } = renderCart({ account: '7', session: TOKEN });
    await waitFor(() => expect(sent('GET /api/v1/auth/cart')).toHaveLength(1));

    act(() => result.current.add(PHONE));
    expect(lines(result.current.cart)).toEqual(['3:31', '1:11']);
    server.hold = null;
    release();

    await waitFor(() => expect(server.version).toBe(6));
    expect(sent('PUT /api/v1/auth/cart').map((call) => call.body)).toEqual([
      {
        cart: [
          { _id: '2', quantity: 1, variant: '22' },
          { _id: '1', quantity: 1, variant: '11' },
        ],
        version: 5,
      },
    ]);
    expect(lines(result.current.cart)).toEqual(['2:22', '1:11']);
  });

  it('keeps a line whose product this device cannot load in what it saves', async () => {
    server.lines = [
      { _id: '1', variant: '11', quantity: 1, slug: 'pixel-phone' },
      { _id: '9', variant: '91', quantity: 2, slug: 'desk-lamp' },
    ];
    server.version = 2;
    server.save = (body) => {
      server.lines = body.cart;
      server.version += 1;
      return cartAnswer();
    };
    const { result } = renderCart({ account: '7', session: TOKEN });
    await waitFor(() => expect(lines(result.current.cart)).toEqual(['1:11']));
    expect(sent('GET /api/v1/product/get-product/desk-lamp')).toHaveLength(1);

    act(() => result.current.changeQuantity('1:11', 2));
    await act(async () => window.dispatchEvent(new Event('pagehide')));

    await waitFor(() => expect(server.version).toBe(3));
    expect(sent('PUT /api/v1/auth/cart')[0].body).toEqual({
      cart: [
        { _id: '1', quantity: 2, variant: '11' },
        { _id: '9', quantity: 2, variant: '91' },
      ],
      version: 2,
    });
  });

  it('undoes a remove over a cart that arrived meanwhile by adding the line back to it', async () => {
    server.lines = [{ _id: '1', variant: '11', quantity: 2, slug: 'pixel-phone' }];
    server.version = 1;
    render(<Toaster />);
    const { result } = renderCart({ account: '7', session: TOKEN });
    await waitFor(() => expect(lines(result.current.cart)).toEqual(['1:11', '1:11']));

    act(() => result.current.removeWithUndo(result.current.cart[0]));
    await act(async () => window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(server.version).toBe(2));
    // Another device adds a tee; this one sees it on focus, then the shopper presses Undo.
    server.lines = [{ _id: '2', variant: '21', quantity: 1, slug: 'cotton-tee' }];
    server.version = 3;
    await act(async () => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(lines(result.current.cart)).toEqual(['2:21']));

    const undo = await screen.findByRole('button', { name: 'Undo' });
    act(() => undo.click());
    await act(async () => window.dispatchEvent(new Event('pagehide')));

    await waitFor(() => expect(server.version).toBe(4));
    expect(serverLines()).toEqual(['2:21x1', '1:11x2']);
  });

  it('loads the cart again on focus when another device changed it', async () => {
    const { result } = renderCart({ account: '7', session: TOKEN });
    await waitFor(() => expect(sent('GET /api/v1/auth/cart')).toHaveLength(1));
    await act(async () => window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(sent('GET /api/v1/auth/cart')).toHaveLength(2));
    expect(result.current.cart).toEqual([]);

    server.lines = [{ _id: '1', variant: '11', quantity: 2, slug: 'pixel-phone' }];
    server.version = 2;
    await act(async () => window.dispatchEvent(new Event('focus')));

    await waitFor(() => expect(lines(result.current.cart)).toEqual(['1:11', '1:11']));
  });

  it('merges what the device holds when the account never saved a cart', async () => {
    window.localStorage.setItem(CART_KEY, JSON.stringify([{ ...TEE, variant: '22', price: 320 }]));
    server.merge = (body) => {
      server.lines = body.cart.map((l) => ({ ...l, slug: 'cotton-tee' }));
      server.version = 1;
      return cartAnswer();
    };
    const { result } = renderCart({ account: '7', session: TOKEN });
    await waitFor(() => expect(sent('POST /api/v1/auth/cart/merge')).toHaveLength(1));
    expect(sent('POST /api/v1/auth/cart/merge')[0].body.cart).toEqual([
      { _id: '2', quantity: 1, variant: '22' },
    ]);
    await waitFor(() => expect(server.version).toBe(1));
    expect(lines(result.current.cart)).toEqual(['2:22']);
  });

  it('empties the device cart at sign-out and sends nothing', async () => {
    server.lines = [{ _id: '1', variant: '11', quantity: 2, slug: 'pixel-phone' }];
    server.version = 2;
    const who = { account: '7', session: TOKEN };
    const { result, rerender } = renderCart(who);
    await waitFor(() => expect(result.current.cart).toHaveLength(2));
    const before = calls.length;

    Object.assign(who, { account: null, session: '' });
    rerender();

    await waitFor(() => expect(result.current.cart).toEqual([]));
    expect(stored()).toEqual([]);
    await act(async () => window.dispatchEvent(new Event('pagehide')));
    expect(calls).toHaveLength(before);
    expect(server.lines).toHaveLength(1);
  });

  it('opening the cart page shows the cart another device saved and never saves the old one over it', async () => {
    // This device holds the mug it had; another device's sign-in merged three items since.
    window.localStorage.setItem(CART_KEY, JSON.stringify([{ ...MUG, variant: '31' }]));
    server.lines = [
      { _id: '3', variant: '31', quantity: 1, slug: 'steel-mug' },
      { _id: '1', variant: '11', quantity: 1, slug: 'pixel-phone' },
      { _id: '2', variant: '21', quantity: 1, slug: 'cotton-tee' },
    ];
    server.version = 3;
    const { result } = renderCart({ account: '7', session: TOKEN }, { page: true });

    await waitFor(() => expect(lines(result.current.cart)).toEqual(['3:31', '1:11', '2:21']));
    await waitFor(() => expect(sent('GET /api/v1/product/get-product/steel-mug')).toHaveLength(1));
    // The shopper's next change is saved as a change of the cart loaded, over its version:
    // a save of the old cart would have moved the version on (or been refused).
    act(() => result.current.changeQuantity('2:21', 2));
    await waitFor(() => expect(sent('PUT /api/v1/auth/cart')).toHaveLength(1), {
      timeout: SAVE_DELAY_MS * 5,
    });
    expect(sent('PUT /api/v1/auth/cart')[0].body).toEqual({
      cart: [
        { _id: '3', quantity: 1, variant: '31' },
        { _id: '1', quantity: 1, variant: '11' },
        { _id: '2', quantity: 2, variant: '21' },
      ],
      version: 3,
    });
    await waitFor(() => expect(server.version).toBe(4));
    expect(serverLines()).toEqual(['3:31x1', '1:11x1', '2:21x2']);
    expect(lines(result.current.cart)).toEqual(['3:31', '1:11', '2:21', '2:21']);
    expect(lines(stored())).toEqual(['3:31', '1:11', '2:21', '2:21']);
  });
});

describe('the coupon code of the cart', () => {
  const storedCoupon = () => JSON.parse(window.localStorage.getItem(COUPON_KEY));

  it('is kept with the cart, read back when the app opens, and forgotten with null', () => {
    window.localStorage.setItem(COUPON_KEY, JSON.stringify('WELCOME'));
    const { result } = renderCart({ account: null, session: '' });
    expect(result.current.coupon).toBe('WELCOME');
    act(() => result.current.setCoupon(' SAVE10 '));
    expect(result.current.coupon).toBe('SAVE10');
    expect(storedCoupon()).toBe('SAVE10');
    act(() => result.current.setCoupon(null));
    expect(result.current.coupon).toBeNull();
    expect(window.localStorage.getItem(COUPON_KEY)).toBeNull();
  });

  it('ignores a stored value that is no code', () => {
    window.localStorage.setItem(COUPON_KEY, JSON.stringify({ code: 'X' }));
    const { result } = renderCart({ account: null, session: '' });
    expect(result.current.coupon).toBeNull();
  });

  it('goes with the cart when it is cleared (the order took it)', () => {
    const { result } = renderCart({ account: null, session: '' });
    act(() => result.current.add(PHONE));
    act(() => result.current.setCoupon('SAVE10'));
    act(() => result.current.clear());
    expect(result.current.cart).toEqual([]);
    expect(result.current.coupon).toBeNull();
    expect(window.localStorage.getItem(COUPON_KEY)).toBeNull();
  });

  it('goes at sign-out: it belongs to the account that applied it', async () => {
    const who = { account: '7', session: TOKEN };
    const { result, rerender } = renderCart(who);
    act(() => result.current.setCoupon('SAVE10'));
    Object.assign(who, { account: null, session: '' });
    rerender();
    await waitFor(() => expect(result.current.coupon).toBeNull());
    expect(window.localStorage.getItem(COUPON_KEY)).toBeNull();
  });

  it('follows another tab', () => {
    const { result } = renderCart({ account: null, session: '' });
    window.localStorage.setItem(COUPON_KEY, JSON.stringify('FESTIVE'));
    act(() => window.dispatchEvent(new StorageEvent('storage', { key: COUPON_KEY })));
    expect(result.current.coupon).toBe('FESTIVE');
  });
});
