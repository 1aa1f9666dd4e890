// The cart's lines (spec section 2): one per product and variant, its choice ("Size: M ·
// Colour: Black") under the name, a 50-character description, the price (× quantity) with
// the maximum retail price (else, in a sale, the regular price) struck through and the
// percentage off when there is one, a running sale's badge and the day it ends, a
// price changed since it was added, its stock, a quantity stepper (1-10 per product,
// capped by the variant's stock) and a Remove that offers Undo.
// After Remove, focus goes to the toast's Undo, then back to that line if undone, else to
// the next line (or the previous; `empty`, Continue Shopping, when the cart is empty).
// Where focus may go is kept by the page (useLineFocus): the last line's Remove takes the
// list off the screen, and Undo brings a new one.
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatPrice, preview } from '../../lib/format';
import { mrpFor, regularPriceFor } from '../../lib/mrp';
import { photoForVariant } from '../../lib/variants';
import MrpPrice from '../../components/MrpPrice';
import { SaleBadge } from '../../components/SaleBadge';
import ProductImage from '../../components/ProductImage';
import StockBadge from '../../components/StockBadge';
import { useCart } from './CartContext';
import { MAX_PER_PRODUCT, choiceText, lineLabel, lineMax, maxQuantity } from './cartLogic';
import { CART_PREVIEW_LENGTH } from './cartSummary';
import './cart.css';

// Why a line's quantity can go no higher (at lineMax): its stock, or the per-order cap of
// a product (its variants together).
export function lineMaxReason(cart, entry) {
  const max = lineMax(cart, entry);
  return max < MAX_PER_PRODUCT && max >= maxQuantity(entry)
    ? `Only ${max} in stock.`
    : `At most ${MAX_PER_PRODUCT} of a product in one order.`;
}

function QuantityStepper({ label, max, quantity, atMax, onChange }) {
  const hintId = useId();
  const full = quantity >= max;
  return (
    <div className="cart-stepper d-inline-flex align-items-center gap-1" role="group">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => onChange(quantity - 1)}
        disabled={quantity <= 1}
        aria-label={`Fewer: ${label}`}
      >
        −
      </button>
      <span className="cart-qty" aria-live="polite" aria-label={`Quantity of ${label}`}>
        {quantity}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={() => onChange(quantity + 1)}
        disabled={full}
        aria-label={`More: ${label}`}
        aria-describedby={full ? hintId : undefined}
      >
        +
      </button>
      {full && (
        <span id={hintId} className="small text-body-secondary ms-1">
          {atMax}
        </span>
      )}
    </div>
  );
}

export function useLineFocus() {
  const removeButtons = useRef(new Map());
  const empty = useRef(null);
  return { removeButtons, empty };
}

// lines: groupCart(cart); priceChanges: useCartRefresh's, by line key; focus: useLineFocus().
export default function CartLines({ lines, priceChanges, focus }) {
  const { cart, removeWithUndo, changeQuantity } = useCart();
  const { removeButtons } = focus;

  function removeLine(product, index) {
    const keys = lines.map((line) => line.key);
    const neighbours = [keys[index + 1], keys[index - 1]].filter(Boolean);
    removeWithUndo(product, {
      onToastLeave: () => {
        const buttons = removeButtons.current;
        const target =
          [keys[index], ...neighbours].map((key) => buttons.get(key)).find(Boolean) ??
          focus.empty.current;
        target?.focus();
      },
    });
  }

  return (
    <section className="col-lg-7" aria-label="Items in your cart">
      <ul className="list-unstyled">
        {lines.map(({ key, product, variant, quantity, subtotal }, index) => {
          const change = priceChanges[key];
          const label = lineLabel(product);
          const choice = choiceText(product);
          const photo = photoForVariant(product, variant);
          // The product page opens with this line's choice made.
          const to = variant
            ? `${paths.product(product.slug)}?variant=${encodeURIComponent(variant._id)}`
            : paths.product(product.slug);
          const shown = photo
            ? { ...product, photo: photo.url, photoWidths: photo.widths }
            : product;
          return (
            <li key={key} className="card mb-3 shadow-sm">
              <div className="row g-0 align-items-center">
                <div className="col-4">
                  <Link to={to} tabIndex={-1} aria-hidden="true">
                    <ProductImage
                      product={shown}
                      className="cart-item-img rounded-start"
                      width={200}
                      height={140}
                      lazy={index >= 3}
                      sizes="12rem"
                    />
                  </Link>
                </div>
                <div className="col-8">
                  <div className="card-body">
                    <h2 className="h5 card-title mb-1">
                      <Link to={to}>{product.name}</Link>
                    </h2>
                    {choice && (
                      <p className="card-text mb-1" data-testid="cart-choice">
                        {choice}
                      </p>
                    )}
                    <p className="card-text mb-1 text-body-secondary">
                      {preview(product.description, CART_PREVIEW_LENGTH)}
                    </p>
                    <p className="card-text fw-bold mb-1">
                      Price:{' '}
                      <MrpPrice
                        mrp={mrpFor(product, variant)}
                        regular={regularPriceFor(product, variant)}
                        price={product.price}
                      >
                        {formatPrice(product.price)}
                      </MrpPrice>
                      {quantity > 1 && (
                        <span className="fw-normal">
                          {' '}
                          × {quantity} = {formatPrice(subtotal)}
                        </span>
                      )}
                    </p>
                    <SaleBadge sale={product.sale} as="p" className="mb-1" />
                    {change && (
                      <p className="card-text small text-warning-emphasis mb-1">
                        Price changed: was {formatPrice(change.was)}, now {formatPrice(change.now)}
                      </p>
                    )}
                    <p className="mb-2">
                      <StockBadge product={product} />
                    </p>
                    <div className="d-flex flex-wrap align-items-center gap-2">
                      <QuantityStepper
                        label={label}
                        max={lineMax(cart, product)}
                        atMax={lineMaxReason(cart, product)}
                        quantity={quantity}
                        onChange={(next) => changeQuantity(key, next)}
                      />
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm"
                        onClick={() => removeLine(product, index)}
                        aria-label={`Remove: ${label}`}
                        ref={(node) => {
                          if (node) removeButtons.current.set(key, node);
                          else removeButtons.current.delete(key);
                        }}
                      >
                        Remove
                      </button>
                    </div>
                  </div>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
