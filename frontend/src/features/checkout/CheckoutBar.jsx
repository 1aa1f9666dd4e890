// On phones (below the lg breakpoint) a bar with the address, the total and the main
// button stays at the bottom of the screen, and toasts rise above it: while it is on
// screen its height is `--sticky-bar-height`, which TOAST_OPTIONS.containerStyle and
// checkout.css read (hidden on large screens, display none, it measures 0).
import { useLayoutEffect, useRef } from 'react';
import { formatPrice } from '../../lib/format';
import CheckoutAction from './CheckoutAction';
import './checkout.css';

function useStickyBarHeight(bar) {
  useLayoutEffect(() => {
    const node = bar.current;
    if (!node) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--sticky-bar-height', `${node.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty('--sticky-bar-height');
    };
  }, [bar]);
}

export default function CheckoutBar({ checkout }) {
  const bar = useRef(null);
  useStickyBarHeight(bar);
  const { user, address, total } = checkout;
  return (
    <div className="cart-sticky-bar d-lg-none" data-testid="cart-sticky-bar" ref={bar}>
      {user && address.known && (
        <p className="cart-sticky-address small text-truncate mb-1" data-testid="bar-address">
          Deliver to: {address.text}
        </p>
      )}
      <div className="d-flex align-items-center justify-content-between gap-2">
        <span className="fw-bold">Total {formatPrice(total)}</span>
        <CheckoutAction checkout={checkout} place="bar" />
      </div>
    </div>
  );
}
