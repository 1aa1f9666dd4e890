// A signed-in shopper's cart is kept on the server too, so it follows them to every device
// (docs/orders.md, "The account's cart"). `localStorage.cart` keeps the spec's shape and
// mirrors the account's cart while signed in:
// - signing in merges this device's guest cart into the account's (once per sign-in: the
//   token's id is the merge key, so two tabs seeing the same sign-in add it once);
// - a page opened signed in loads the account's cart (a cart never saved on the server is
//   merged instead, so nothing kept on the device is lost);
// - changes are saved whole, a moment after the last one and at once when the page is
//   hidden; the server refuses a save over a newer cart (409) and its cart is shown;
// - coming back to the window loads the cart again when another device changed it;
// - signing out empties the device's cart.
import { useCallback, useEffect, useRef } from 'react';
import { cartEntry, checkoutLines } from './cartLogic';
import { getAccountCart, mergeAccountCart, saveAccountCart } from './api';

export const SAVE_DELAY_MS = 600;

// The token's id (`jti`): the same in every tab of one sign-in, another at each sign-in.
export function signInKey(token) {
  try {
    const part = String(token).split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const id = JSON.parse(window.atob(part)).jti;
    return typeof id === 'string' ? id.slice(0, 100) : '';
  } catch {
    return '';
  }
}

// The cart's entries (whole products, one a unit) for the server's lines: a product as the
// device already holds it, else as the catalogue answers now. A line whose product cannot
// be loaded is left out. `loadProduct(slug)` is the catalogue's get-product call.
export async function entriesFor(lines, local, loadProduct) {
  const held = new Map(local.map((entry) => [String(entry._id), entry]));
  const entryOf = (product, line) => (product ? cartEntry(product, line.variant) : null);
  const missing = new Map();
  for (const line of lines) {
    if (!entryOf(held.get(String(line._id)), line)) missing.set(String(line._id), line.slug);
  }
  const loaded = new Map();
  await Promise.all(
    [...missing].map(async ([id, slug]) => {
      try {
        if (!loadProduct) return;
        const { data } = await loadProduct(slug);
        if (String(data?.product?._id) === id) loaded.set(id, data.product);
      } catch {
        // Gone or unreachable: the line is left out of this device's cart.
      }
    }),
  );
  const cart = [];
  for (const line of lines) {
    const id = String(line._id);
    const entry = entryOf(missing.has(id) ? loaded.get(id) : held.get(id), line);
    if (entry) for (let n = 0; n < line.quantity; n += 1) cart.push(entry);
  }
  return cart;
}

const statusOf = (error) => error?.response?.status;
// The lines as the server compares them: a save that would change nothing is not sent.
const fingerprint = (cart) =>
  JSON.stringify(checkoutLines(cart).map((l) => [String(l._id), String(l.variant), l.quantity]));

// `account`: the signed-in user's id, or null; `session`: their token; `loadProduct`: the
// catalogue's get-product call (features do not import each other: the app passes it).
// `cart` is the current cart; `show(next)` replaces it without counting as the shopper's
// change.
// Returns `edited()`, to call after each change the shopper makes.
export function useAccountCart({ account, session, loadProduct, cart, show }) {
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const loadRef = useRef(loadProduct);
  loadRef.current = loadProduct;
  // version: the server's cart this device last saw; saved: the lines last saved;
  // edits: changes made here, counted (an answer older than one is not shown).
  const sync = useRef({
    account: undefined,
    ready: false,
    version: 0,
    saved: '',
    edits: 0,
    timer: null,
    queue: Promise.resolve(),
  });

  const adopt = useCallback(
    async (answer, { edits, always = false }) => {
      const s = sync.current;
      // A change made here since the call was sent is not overwritten: its save, over the
      // older version, is refused and then the server's cart is shown.
      if (!always && s.edits !== edits) return;
      const next = await entriesFor(answer.cart, cartRef.current, loadRef.current);
      if (!always && s.edits !== edits) return;
      s.version = answer.version;
      s.saved = fingerprint(next);
      show(next);
    },
    [show],
  );

  const reload = useCallback(
    async ({ always = false } = {}) => {
      const s = sync.current;
      const { account: mine, edits } = s;
      try {
        const { data } = await getAccountCart();
        if (s.account !== mine || (!always && data.version === s.version)) return;
        await adopt(data, { edits, always });
      } catch {
        // Offline: the next focus or change tries again.
      }
    },
    [adopt],
  );

  const save = useCallback(() => {
    const s = sync.current;
    clearTimeout(s.timer);
    s.timer = null;
    s.queue = s.queue.then(async () => {
      if (!s.ready || !s.account) return;
      const lines = checkoutLines(cartRef.current);
      const text = fingerprint(cartRef.current);
      if (text === s.saved) return;
      try {
        const { data } = await saveAccountCart(lines, s.version);
        s.version = data.version;
        s.saved = text;
      } catch (error) {
        // Changed on another device (409) or refused (400): the server's cart is shown.
        if ([400, 409].includes(statusOf(error))) await reload({ always: true });
      }
    });
    return s.queue;
  }, [reload]);

  const edited = useCallback(() => {
    const s = sync.current;
    s.edits += 1;
    if (!s.account) return;
    clearTimeout(s.timer);
    s.timer = setTimeout(save, SAVE_DELAY_MS);
  }, [save]);

  useEffect(() => {
    const s = sync.current;
    const previous = s.account;
    if (previous === account) return;
    s.account = account;
    clearTimeout(s.timer);
    s.timer = null;
    s.ready = false;
    s.version = 0;
    s.saved = '';
    if (!account) {
      // Signed out (not a page opened signed out): the device keeps no cart.
      if (previous) show([]);
      return;
    }
    if (previous) show([]); // another account's cart is not this one's
    const signingIn = previous === null;
    const edits = s.edits;
    (async () => {
      try {
        const guest = previous ? [] : checkoutLines(cartRef.current);
        let answer;
        if (!signingIn) answer = (await getAccountCart()).data;
        if (signingIn || (answer.version === 0 && guest.length)) {
          answer = (await mergeAccountCart(guest, signInKey(sessionRef.current))).data;
        }
        if (s.account !== account) return;
        await adopt(answer, { edits, always: true });
      } catch {
        // Offline or refused: the device keeps what it shows; its next change is saved.
      } finally {
        if (s.account === account) s.ready = true;
      }
      if (s.edits !== edits) save();
    })();
  }, [account, adopt, save, show]);

  useEffect(() => {
    const s = sync.current;
    const flush = () => {
      if (s.timer) save();
    };
    const refresh = () => {
      if (s.account && s.ready && !s.timer) reload();
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? flush() : refresh());
    window.addEventListener('focus', refresh);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', refresh);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [reload, save]);

  return { edited, flush: save };
}
