// A signed-in shopper's cart is kept on the server too, so it follows them to every device
// (docs/orders.md, "The account's cart"). `localStorage.cart` keeps the spec's shape and
// mirrors the account's cart while signed in:
// - signing in merges this device's guest cart into the account's (once per sign-in: the
//   token's id is the merge key, so two tabs seeing the same sign-in add it once);
// - a page opened signed in loads the account's cart (a cart never saved on the server is
//   merged instead, so nothing kept on the device is lost), unless the device changed its
//   cart from that very version and the page went before the change was saved (a reload,
//   a link followed at once): then the device's cart is saved over it;
// - changes are saved whole, a moment after the last one and at once when the page is
//   hidden (a save the browser finishes even if the page goes), over the version of the
//   cart they were made to;
// - a cart loaded from the server is shown, never saved back: only the shopper's changes
//   are, and those not yet saved when a cart arrives (made while it loaded, or refused
//   because another device saved first: 409) are made again to the cart that arrived;
// - a line of the server's cart whose product this device cannot load is kept in what it
//   saves, though not shown;
// - coming back to the window loads the cart again when another device changed it;
// - signing out empties the device's cart.
// The calls go one at a time, in order, so an answer never lands over a later one; a call
// not answered within CALL_TIMEOUT_MS is given up, so one stalled request never holds the
// saves behind it.
import { useCallback, useEffect, useRef } from 'react';
import { cartEntry, checkoutLines } from './cartLogic';
import { getAccountCart, mergeAccountCart, saveAccountCart } from './api';
import { CART_UNSAVED_KEY } from '../../constants/storageKeys';
import { readJSON, remove, writeJSON } from '../../lib/storage';

export const SAVE_DELAY_MS = 600;
export const CALL_TIMEOUT_MS = 15_000;

// `call(signal)`, given up (aborted: it rejects) when it has not answered in time.
function timed(call) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CALL_TIMEOUT_MS);
  return call(controller.signal).finally(() => clearTimeout(timer));
}
const loadCart = () => timed((signal) => getAccountCart({ signal }));

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
// device already holds it, else as the catalogue answers now. `held`: the lines whose product
// (or its variant) cannot be loaded, as the server has them. `loadProduct(slug)` is the
// catalogue's get-product call.
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
        // Gone or unreachable: the line is kept aside (the server is the judge of gone).
      }
    }),
  );
  const cart = [];
  const unshown = [];
  for (const line of lines) {
    const id = String(line._id);
    const entry = entryOf(missing.has(id) ? loaded.get(id) : held.get(id), line);
    if (entry) for (let n = 0; n < line.quantity; n += 1) cart.push(entry);
    else unshown.push({ _id: line._id, variant: line.variant, quantity: line.quantity });
  }
  return { cart, held: unshown };
}

const statusOf = (error) => error?.response?.status;

// What a save sends: the cart's lines, then the held lines of products the cart does not
// show (a product it shows is the shopper's to change).
export function linesToSave(cart, held) {
  const lines = checkoutLines(cart);
  const shown = new Set(lines.map((line) => String(line._id)));
  return [...lines, ...held.filter((line) => !shown.has(String(line._id)))];
}

// The lines as the server compares them: a save that would change nothing is not sent.
const fingerprint = (lines) =>
  JSON.stringify(lines.map((l) => `${String(l._id)}:${String(l.variant)}:${l.quantity}`).sort());

// A save refused because another device saved first is made again over that cart this many
// times in a row; after that the next change, focus or page hide tries again.
const RETRIES = 2;

// `account`: the signed-in user's id, or null; `session`: their token; `loadProduct`: the
// catalogue's get-product call (features do not import each other: the app passes it).
// `current()` is the cart as it is now (not as of the last render); `show(next)` replaces
// it without counting as the shopper's change.
// Returns `edited(change)`, to call after each change the shopper makes, with the change
// (a function of the cart) that made it.
export function useAccountCart({ account, session, loadProduct, current, show }) {
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const loadRef = useRef(loadProduct);
  loadRef.current = loadProduct;
  // version: the server's cart this device last saw; saved: the lines it holds; held: its
  // lines not shown here; unsaved: the shopper's changes made since, in order.
  const sync = useRef({
    account: undefined,
    version: 0,
    saved: '',
    held: [],
    unsaved: [],
    timer: null,
    queue: Promise.resolve(),
  });

  const enqueue = useCallback((task) => {
    const s = sync.current;
    s.queue = s.queue.then(task).catch(() => {
      // Offline: the next change, focus or page hide tries again.
    });
    return s.queue;
  }, []);

  // Shows the server's cart with the unsaved changes made again to it. False when the
  // account changed meanwhile.
  const adopt = useCallback(
    async (answer, mine) => {
      const s = sync.current;
      const { cart: loaded, held } = await entriesFor(answer.cart, current(), loadRef.current);
      if (s.account !== mine) return false;
      s.version = answer.version;
      s.held = held;
      s.saved = fingerprint(linesToSave(loaded, held));
      show(s.unsaved.reduce((cart, change) => change(cart), loaded));
      return true;
    },
    [current, show],
  );

  // Saves the cart if it differs from the server's, over the version it was made to.
  const put = useCallback(
    async (mine, retries = RETRIES, keepalive = false) => {
      const s = sync.current;
      if (s.account !== mine) return;
      const lines = linesToSave(current(), s.held);
      const text = fingerprint(lines);
      const included = s.unsaved.length;
      if (text === s.saved) {
        s.unsaved = [];
        remove(CART_UNSAVED_KEY);
        return;
      }
      try {
        const version = s.version;
        const { data } = await timed((signal) =>
          saveAccountCart(lines, version, { signal, keepalive }),
        );
        if (s.account !== mine) return;
        s.version = data.version;
        s.saved = text;
        s.unsaved = s.unsaved.slice(included);
        if (!s.unsaved.length) remove(CART_UNSAVED_KEY);
      } catch (error) {
        if (s.account !== mine) return;
        const status = statusOf(error);
        // Refused (400): the server's cart is shown and the changes are dropped.
        if (status === 400) {
          s.unsaved = [];
          remove(CART_UNSAVED_KEY);
        } else if (status !== 409 || retries <= 0) throw error;
        const { data } = await loadCart();
        if (!(await adopt(data, mine))) return;
        if (status === 409) await put(mine, retries - 1, keepalive);
      }
    },
    [adopt, current],
  );

  // Loads the account's cart when it changed since this device saw it, then saves what is
  // still unsaved.
  const reload = useCallback(
    (mine) =>
      enqueue(async () => {
        const s = sync.current;
        if (s.account !== mine) return;
        const { data } = await loadCart();
        if (s.account !== mine) return;
        if (data.version !== s.version && !(await adopt(data, mine))) return;
        await put(mine);
      }),
    [adopt, enqueue, put],
  );

  // `keepalive`: the page is going away (the save outlives it).
  const save = useCallback(
    (options) => {
      const s = sync.current;
      clearTimeout(s.timer);
      s.timer = null;
      const mine = s.account;
      if (!mine) return s.queue;
      return enqueue(() => put(mine, RETRIES, options?.keepalive === true));
    },
    [enqueue, put],
  );

  const edited = useCallback(
    (change) => {
      const s = sync.current;
      if (!s.account) return;
      if (change) s.unsaved.push(change);
      if (readJSON(CART_UNSAVED_KEY, null) === null) {
        writeJSON(CART_UNSAVED_KEY, { account: s.account, version: s.version });
      }
      clearTimeout(s.timer);
      s.timer = setTimeout(save, SAVE_DELAY_MS);
    },
    [save],
  );

  useEffect(() => {
    const s = sync.current;
    const previous = s.account;
    if (previous === account) return;
    Object.assign(s, { account, version: 0, saved: '', held: [], unsaved: [] });
    clearTimeout(s.timer);
    s.timer = null;
    if (!account) {
      // Signed out (not a page opened signed out): the device keeps no cart.
      if (previous) {
        remove(CART_UNSAVED_KEY);
        show([]);
      }
      return;
    }
    if (previous) show([]); // another account's cart is not this one's
    const mine = account;
    enqueue(async () => {
      if (s.account !== mine) return;
      let answer = null;
      if (previous !== null) answer = (await loadCart()).data;
      if (s.account !== mine) return;
      // At sign-in, or a cart never saved on the server: what the device holds is merged.
      const guest = previous ? [] : checkoutLines(current());
      if (previous === null || (answer.version === 0 && guest.length)) {
        s.unsaved = []; // sent whole with the guest cart
        remove(CART_UNSAVED_KEY);
        const key = signInKey(sessionRef.current);
        answer = (await timed((signal) => mergeAccountCart(guest, key, { signal }))).data;
      }
      const pending = readJSON(CART_UNSAVED_KEY, null);
      if (previous === undefined && pending?.account === mine) {
        if (pending.version === answer.version) {
          // The last page changed this very cart and went before saving: save the device's.
          const { held } = await entriesFor(answer.cart, current(), loadRef.current);
          if (s.account !== mine) return;
          Object.assign(s, { version: answer.version, held, saved: fingerprint(answer.cart) });
          await put(mine);
          return;
        }
        remove(CART_UNSAVED_KEY); // another device saved since: its cart wins
      }
      if (!(await adopt(answer, mine))) return;
      await put(mine);
    });
  }, [account, adopt, current, enqueue, put, show]);

  useEffect(() => {
    const s = sync.current;
    const flush = () => {
      if (s.timer) save({ keepalive: true });
    };
    const refresh = () => {
      if (s.account && !s.timer) reload(s.account);
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
