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
import { onExternalChange, readJSON, writeJSON } from '../../lib/storage';
import { CART_KEY } from '../../constants/storageKeys';
import { MESSAGES } from '../../constants/messages';
import { canAdd, maxQuantity, removeItem, sanitizeCart, setQuantity } from './cartLogic';

const CartContext = createContext(null);
const readCart = () => sanitizeCart(readJSON(CART_KEY, []));

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

export function CartProvider({ children }) {
  const [cart, setCartState] = useState(readCart);

  const update = useCallback((change) => {
    setCartState((current) => {
      const next = change(current);
      writeJSON(CART_KEY, next);
      return next;
    });
  }, []);

  const add = useCallback(
    (product) => {
      // Read the current cart synchronously: the toast depends on whether it was added.
      const current = readCart();
      if (!canAdd(current, product)) {
        toast.error(
          maxQuantity(product) <= 0
            ? MESSAGES.outOfStock
            : MESSAGES.cartLimit(maxQuantity(product)),
        );
        return;
      }
      update((latest) => (canAdd(latest, product) ? [...latest, product] : latest));
      toast.success(MESSAGES.itemAdded);
    },
    [update],
  );
  const remove = useCallback((id) => update((current) => removeItem(current, id)), [update]);
  const removeWithUndo = useCallback(
    (product, { onToastLeave } = {}) => {
      const before = readCart();
      update((current) => removeItem(current, product._id));
      toast(
        (t) => (
          <UndoToast
            id={t.id}
            text={MESSAGES.itemRemoved(product.name)}
            onUndo={() => update(() => before)}
            onLeave={onToastLeave}
          />
        ),
        { id: `removed-${product._id}`, announce: MESSAGES.itemRemoved(product.name) },
      );
    },
    [update],
  );
  const changeQuantity = useCallback(
    (id, quantity) => update((current) => setQuantity(current, id, quantity)),
    [update],
  );
  const replace = useCallback((change) => update(change), [update]);
  const clear = useCallback(() => update(() => []), [update]);

  useEffect(() => onExternalChange(CART_KEY, () => setCartState(readCart())), []);

  const value = useMemo(
    () => ({ cart, add, remove, removeWithUndo, changeQuantity, replace, clear }),
    [cart, add, remove, removeWithUndo, changeQuantity, replace, clear],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart() {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used inside <CartProvider>');
  return context;
}
