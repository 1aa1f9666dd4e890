// Asks the server for every product of the cart when the cart is shown, so names, prices
// and stock are today's, per variant: a deleted or sold-out product or variant leaves with
// a notice (a deleted variant with a toast that names it too), a changed price is
// remembered so the line can say so, quantities shrink to what stock allows.
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { groupCart, refreshCart } from './cartLogic';

async function fetchFresh(lines, loadProduct) {
  // Several lines (variants) of one product: one call.
  const products = [
    ...new Map(lines.map(({ product }) => [String(product._id), product])).values(),
  ];
  const answers = await Promise.all(
    products.map(async (product) => {
      const id = String(product._id);
      if (!product.slug) return [id, null];
      try {
        const { data } = await loadProduct(product.slug);
        return String(data?.product?._id) === id ? [id, data.product] : [id, null];
      } catch (error) {
        // 404: the product is gone. Anything else (offline): keep what we have.
        return error?.response?.status === 404 ? [id, null] : null;
      }
    }),
  );
  return Object.fromEntries(answers.filter(Boolean));
}

// `loadProduct(slug)` is the catalogue's get-product call (features do not import each
// other; the page passes it in).
export function useCartRefresh(cart, replace, loadProduct) {
  const cartRef = useRef(cart);
  cartRef.current = cart;
  const [removed, setRemoved] = useState([]);
  const [priceChanges, setPriceChanges] = useState({});

  // Only the newest refresh reports: two under way at once (StrictMode's effects run twice
  // on mount; a refused checkout asks again while the page's first is loading) would each
  // find the same product gone and say so twice.
  const newest = useRef(0);

  const refresh = useCallback(async () => {
    const lines = groupCart(cartRef.current);
    if (lines.length === 0) return;
    const run = ++newest.current;
    const fresh = await fetchFresh(lines, loadProduct);
    if (run !== newest.current) return;
    const result = refreshCart(cartRef.current, fresh);
    // Applied to the cart as it is now: it may have changed while the products loaded (the
    // account's cart arrived from the server), and that change must not be undone.
    replace((current) => refreshCart(current, fresh).cart);
    if (result.removed.length) setRemoved((old) => [...old, ...result.removed]);
    for (const label of result.variantsGone) toast.error(MESSAGES.variantGone(label));
    for (const name of result.needChoice) toast.error(MESSAGES.variantNeeded(name));
    if (result.priceChanges.length) {
      setPriceChanges((old) => {
        const next = { ...old };
        for (const change of result.priceChanges) next[change.id] = old[change.id] ?? change;
        return next;
      });
    }
  }, [replace, loadProduct]);

  useEffect(() => {
    refresh();
  }, [refresh]);

  return { removed, priceChanges, refresh };
}
