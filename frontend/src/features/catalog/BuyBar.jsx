// Phones (below 768 px): while the product page's own Add to Cart button is out of view
// (IntersectionObserver; below the first screen or scrolled past), a bar pinned to the
// bottom of the screen shows the price, the choice made and Add to Cart, which does what
// the page's button does. It never covers the page: while it shows, its height is
// `--sticky-bar-height` (as the cart's bar), the body keeps that much room at its foot
// and the toasts rise above it. It steps aside while a text field has the focus (the
// phone's keyboard is up). A region named after the product ("Buy Cotton Tee"), its button
// too ("Add to Cart: Cotton Tee"), with a focus ring.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import './buyBar.css';

const PHONE = '(max-width: 767.98px)';
// Inputs that bring no keyboard up.
const NO_KEYBOARD = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

function typing(node) {
  if (!node || node === document.body) return false;
  if (node.isContentEditable || node.tagName === 'TEXTAREA') return true;
  return node.tagName === 'INPUT' && !NO_KEYBOARD.has(node.type);
}

function usePhone() {
  const [phone, setPhone] = useState(() => window.matchMedia?.(PHONE).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(PHONE);
    if (!query) return undefined;
    const change = () => setPhone(query.matches);
    change();
    query.addEventListener?.('change', change);
    return () => query.removeEventListener?.('change', change);
  }, []);
  return phone;
}

// Is `target` (a ref) out of the screen? false until the observer says so, and always
// without an IntersectionObserver.
function useOutOfView(target, enabled) {
  const [out, setOut] = useState(false);
  useEffect(() => {
    const node = target.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(([entry]) => setOut(!entry.isIntersecting));
    observer.observe(node);
    return () => {
      observer.disconnect();
      setOut(false);
    };
  }, [target, enabled]);
  return out;
}

function useTyping() {
  const [on, setOn] = useState(() => typing(document.activeElement));
  useEffect(() => {
    const check = () => setOn(typing(document.activeElement));
    // focusout fires before the focus moves on: read where it went once it has.
    const later = () => setTimeout(check, 0);
    document.addEventListener('focusin', check);
    document.addEventListener('focusout', later);
    return () => {
      document.removeEventListener('focusin', check);
      document.removeEventListener('focusout', later);
    };
  }, []);
  return on;
}

function useStickyBarHeight(bar, shown) {
  useLayoutEffect(() => {
    const node = bar.current;
    if (!shown || !node) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--sticky-bar-height', `${node.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--sticky-bar-height');
    };
  }, [bar, shown]);
}

// `target`: a ref to the page's own button. `price` and `choice` are text ("₹499",
// "Size: M · Colour: Black" or what is still to choose); `onAdd` the page's action.
export default function BuyBar({ target, name, price, choice, label, onAdd, disabled }) {
  const phone = usePhone();
  const out = useOutOfView(target, phone);
  const keyboard = useTyping();
  const shown = phone && out && !keyboard;
  const bar = useRef(null);
  useStickyBarHeight(bar, shown);
  if (!shown) return null;
  return (
    <section className="buy-bar" aria-label={`Buy ${name}`} ref={bar} data-testid="buy-bar">
      <div className="buy-bar-text">
        <p className="fw-bold mb-0">{price}</p>
        {choice ? <p className="small text-body-secondary text-truncate mb-0">{choice}</p> : null}
      </div>
      {/* Named after the product, as the cards' buttons are: the page's own button is the
          one "Add to Cart". */}
      <button
        type="button"
        className="btn btn-dark"
        onClick={onAdd}
        disabled={disabled}
        aria-label={`${label}: ${name}`}
      >
        {label}
      </button>
    </section>
  );
}
