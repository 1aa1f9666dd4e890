import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { onExternalChange, readJSON, writeJSON } from '../../lib/storage';
import { CART_KEY } from '../../constants/storageKeys';
import { MESSAGES } from '../../constants/messages';
import { addItem, removeItem, sanitizeCart } from './cartLogic';

const CartContext = createContext(null);
const readCart = () => sanitizeCart(readJSON(CART_KEY, []));

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
      update((current) => addItem(current, product));
      toast.success(MESSAGES.itemAdded);
    },
    [update],
  );
  const remove = useCallback((id) => update((current) => removeItem(current, id)), [update]);

  useEffect(() => onExternalChange(CART_KEY, () => setCartState(readCart())), []);

  const value = useMemo(() => ({ cart, add, remove }), [cart, add, remove]);
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart() {
  const context = useContext(CartContext);
  if (!context) throw new Error('useCart must be used inside <CartProvider>');
  return context;
}
