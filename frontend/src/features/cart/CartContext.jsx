import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import toast from '../../lib/toast';
import { onExternalChange, readJSON, remove as forget, writeJSON } from '../../lib/storage';
import { CART_KEY, COUPON_KEY } from '../../constants/storageKeys';
import { MESSAGES } from '../../constants/messages';
import {
  canAdd,
  cartEntry,
  countOf,
  lineKey,
  lineLabel,
  maxQuantity,
  MAX_PER_PRODUCT,
  removeItem,
  sanitizeCart,
  setQuantity,
} from './cartLogic';
import { useAccountCart } from './useAccountCart';

const CartContext = createContext(null);
const readCart = () => sanitizeCart(readJSON(CART_KEY, []));
// The coupon code applied in the cart, or null; only a code the server accepted is kept.
const readCoupon = () => {
  const code = readJSON(COUPON_KEY, null);
  return typeof code === 'string' && code.trim() ? code : null;
};

// Remove asks nothing; its toast offers Undo, which puts the cart back as it was. With
// `onLeave`, the Remove button that was pressed is gone, so focus moves to Undo instead of
// falling to the top of the page; when the toast leaves with focus still on Undo (pressed,
// or timed out), `onLeave` says where focus goes next.
function UndoToast({ id, text, onUndo, onLeave }) {
  const undo = useRef(null);
  const leave = useRef(onLeave);
  useEffect(() => {
    const button = undo.current;
    const onLeaveNow = leave.current;
    if (!onLeaveNow) return undefined;
    button.focus();
    return () => {
      const active = document.activeElement;
      if (!active || active === document.body || active === button) onLeaveNow();
    };
  }, []);
  return (
    <span className="d-flex align-items-center gap-2">
      <span>{text}</span>
      <button
        ref={undo}
        type="button"
        className="btn btn-sm btn-outline-primary"
        onClick={() => {
          onUndo();
          toast.dismiss(id);
        }}
      >
        Undo
      </button>
    </span>
  );
}

// `account` (the signed-in user's id, or null for a guest) and `session` (their token)
// come from the auth state: a signed-in shopper's cart is also kept on the server
// (useAccountCart); `loadProduct(slug)`, the catalogue's get-product call, loads the
// products of its lines that this device does not hold. The cart also holds the coupon code
// applied to it (`coupon`, kept like the cart; `setCoupon(code or null)`): it goes when the
// cart is cleared (the order took it) and when the shopper signs out or another signs in.
export function CartProvider({ children, account = null, session = '', loadProduct = null }) {
  const [cart, setCartState] = useState(readCart);
  // The cart as it is now: changes made one after another (in one event, or a change
  // following a cart just loaded) each apply to the one before, never to an older render.
  const cartRef = useRef(cart);
  const current = useCallback(() => cartRef.current, []);

  const show = useCallback((next) => {
    cartRef.current = next;
    writeJSON(CART_KEY, next);
    setCartState(next);
  }, []);
  const { edited } = useAccountCart({ account, session, loadProduct, current, show });

  const [coupon, setCouponState] = useState(readCoupon);
  const setCoupon = useCallback((code) => {
    const next = typeof code === 'string' && code.trim() ? code.trim() : null;
    if (next) writeJSON(COUPON_KEY, next);
    else forget(COUPON_KEY);
    setCouponState(next);
  }, []);
  // A coupon belongs to the account that applied it.
  const couponOwner = useRef(account);
  useEffect(() => {
    const previous = couponOwner.current;
    couponOwner.current = account;
    if (previous && previous !== account) setCoupon(null);
  }, [account, setCoupon]);

  // `change(cart)` returns the cart changed; it is kept, so a signed-in shopper's change not
  // yet saved can be made again to a cart that arrives from the server meanwhile. Returns
  // the cart changed.
  const update = useCallback(
    (change) => {
      const next = change(cartRef.current);
      show(next);
      edited(change);
      return next;
    },
    [show, edited],
  );

  // `variant` (an object or an id) is the shopper's choice; without it a product with one
  // variant means that one.
  const add = useCallback(
    (product, variant = null) => {
      const entry = cartEntry(product, variant);
      if (!entry) {
        toast.error(MESSAGES.chooseOptionsFirst);
        return;
      }
      // The toast depends on whether it was added.
      const now = cartRef.current;
      if (!canAdd(now, entry)) {
        let message = MESSAGES.cartLimit(maxQuantity(entry));
        if (maxQuantity(entry) <= 0) message = MESSAGES.outOfStock;
        else if (countOf(now, entry._id) >= MAX_PER_PRODUCT) {
          message = MESSAGES.cartLimit(MAX_PER_PRODUCT);
        }
        toast.error(message);
        return;
      }
      update((latest) => (canAdd(latest, entry) ? [...latest, entry] : latest));
      toast.success(MESSAGES.itemAdded);
    },
    [update],
  );
  // `key` is the line's lineKey (a product id for an entry without variant).
  const remove = useCallback((key) => update((current) => removeItem(current, key)), [update]);
  // `product` is one entry of the line to remove.
  const removeWithUndo = useCallback(
    (product, { onToastLeave } = {}) => {
      const before = cartRef.current;
      const key = lineKey(product);
      const label = lineLabel(product);
      const gone = before.filter((entry) => lineKey(entry) === key);
      const after = update((cart) => removeItem(cart, key));
      // Undo puts the cart back as it was; if it changed since (another device's cart
      // arrived), the line is added back to it, as far as the limits allow.
      const undo = (cart) => {
        if (cart === after) return before;
        if (cart.some((entry) => lineKey(entry) === key)) return cart;
        return gone.reduce((next, entry) => (canAdd(next, entry) ? [...next, entry] : next), cart);
      };
      toast(
        (t) => (
          <UndoToast
            id={t.id}
            text={MESSAGES.itemRemoved(label)}
            onUndo={() => update(undo)}
            onLeave={onToastLeave}
          />
        ),
        { id: `removed-${key}`, announce: MESSAGES.itemRemoved(label) },
      );
    },
    [update],
  );
  const changeQuantity = useCallback(
    (key, quantity) => update((current) => setQuantity(current, key, quantity)),
    [update],
  );
  const replace = useCallback((change) => update(change), [update]);
  const clear = useCallback(() => {
    update(() => []);
    setCoupon(null);
  }, [update, setCoupon]);

  // Another tab changed it: shown here, not a change of this tab's.
  useEffect(
    () =>
      onExternalChange(CART_KEY, () => {
        cartRef.current = readCart();
        setCartState(cartRef.current);
      }),
    [],
  );
  useEffect(() => onExternalChange(COUPON_KEY, () => setCouponState(readCoupon())), []);

  const value = useMemo(
    () => ({
      cart,
      add,
      remove,
      removeWithUndo,
      changeQuantity,
      replace,
      clear,
      coupon,
      setCoupon,
    }),
    [cart, add, remove, removeWithUndo, changeQuantity, replace, clear, coupon, setCoupon],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart() {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used inside <CartProvider>');
  return context;
}
