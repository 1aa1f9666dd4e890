// The cart (spec section 2): greeting, item count, one line per product and variant (its
// choice, "Size: M · Colour: Black", under the name) with a quantity stepper (1-10 per
// product, capped by the variant's stock), its stock and a Remove that offers Undo, the total and
// the address block. A signed-in shopper with an address places the order here, cash on
// delivery. Guests are sent to /login, which brings them back here (navigation `from`), or
// register from here or from login and come back signed in.
// On phones a bar with the total and the main button stays at the bottom of the screen,
// and toasts rise above it (its height is the `--sticky-bar-height` they are offset by).
// After Remove, focus goes to the toast's Undo, then back to that line if undone, else to
// the next line (or the previous; Continue shopping when the cart is empty).
// A shopper with saved addresses chooses one (the default first) or adds one in place, and
// the order is sent with its `addressId`; one without keeps the spec's free-text address.
// The summary shows the subtotal, the delivery charge by the shop's rule (shop-info), the
// total and that prices include taxes; while the rule is unknown only the subtotal counts.
// Above the main button a review says where the order goes, how it is paid, its lines and
// its total; on phones the bar shows the address over the total. A placed order (cash, or
// paid online) lands on its confirmation page.
// Payment: cash on delivery (disabled, with the reason, over the shop's cap) and, when the
// shop takes them, online payments through Razorpay. Paying online places the order
// Awaiting Payment and opens Razorpay's window; the cart is emptied once the server has
// verified the payment. A window closed without paying leaves "Payment not completed"
// with Try again (the same Razorpay order) and Pay cash on delivery instead (that order is
// cancelled, then a cash order placed under a new Idempotency-Key). A cart or address
// changed meanwhile makes the held order stale: the next order releases it first.
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import toast from '../lib/toast';
import { Link, useNavigate } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { focusFirstVisible, useFocusAfterRender } from '../lib/useFocusAfterRender';
import { formatPrice, preview } from '../lib/format';
import { errorMessage } from '../lib/apiClient';
import { paths } from '../config/paths';
import { MESSAGES } from '../constants/messages';
import { useAuth } from '../features/auth/AuthContext';
import UpdateAddressButton from '../features/auth/UpdateAddressButton';
import AddressChooser from '../features/auth/AddressChooser';
import { createAddress } from '../features/auth/api';
import { addressText, defaultAddress } from '../features/auth/addresses';
import { useAddresses } from '../features/auth/useAddresses';
import { useShopInfo } from '../features/shop/useShopInfo';
import { deliveryChargeFor, offersCod } from '../features/shop/shopRules';
import { useCart } from '../features/cart/CartContext';
import {
  cartTotal,
  checkoutLines,
  choiceText,
  groupCart,
  lineLabel,
  lineMax,
} from '../features/cart/cartLogic';
import { CART_PREVIEW_LENGTH, greetingName, itemCountMessage } from '../features/cart/cartSummary';
import { useCartRefresh } from '../features/cart/useCartRefresh';
import '../features/cart/cart.css';
import { getProduct } from '../features/catalog/api';
import { cancelOrder, checkout, getOrder } from '../features/orders/api';
import { AWAITING_PAYMENT, newIdempotencyKey } from '../features/orders/orderFormat';
import { useRazorpay } from '../features/orders/useRazorpay';
import PaymentStatus from '../features/orders/PaymentStatus';
import ProductImage from '../components/ProductImage';
import { photoForVariant } from '../lib/variants';
import StockBadge from '../components/StockBadge';

export const PLACE_ORDER = 'Place Order (Cash on Delivery)';
export const PAY_ONLINE = 'Pay online (UPI, cards, netbanking)';
export const payOnlineLabel = (total) => `Pay ${formatPrice(total)} online`;

function QuantityStepper({ label, max, quantity, onChange }) {
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
        disabled={quantity >= max}
        aria-label={`More: ${label}`}
      >
        +
      </button>
    </div>
  );
}

// While the bar is on screen its height lifts the toasts (TOAST_OPTIONS.containerStyle);
// hidden (large screens, display none) it measures 0.
function useStickyBarHeight(bar, present) {
  useLayoutEffect(() => {
    const node = bar.current;
    if (!present || !node) return undefined;
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
  }, [bar, present]);
}

// Subtotal, delivery and total; "Add ₹N more for free delivery" below the threshold.
function Totals({ subtotal, delivery, charge }) {
  const freeFrom = delivery?.freeFrom == null ? null : Number(delivery.freeFrom);
  const short = charge > 0 && freeFrom !== null ? freeFrom - subtotal : 0;
  return (
    <>
      <dl className="cart-totals mb-2" data-testid="cart-totals">
        <div className="d-flex justify-content-between">
          <dt className="fw-normal">Subtotal</dt>
          <dd className="mb-0">{formatPrice(subtotal)}</dd>
        </div>
        {charge !== null && (
          <div className="d-flex justify-content-between">
            <dt className="fw-normal">Delivery</dt>
            <dd className="mb-0" data-testid="delivery-charge">
              {charge === 0 ? 'Free' : formatPrice(charge)}
            </dd>
          </div>
        )}
      </dl>
      {short > 0 && (
        <p className="small text-body-secondary mb-2" data-testid="free-delivery-hint">
          Add {formatPrice(short)} more for free delivery.
        </p>
      )}
    </>
  );
}

// What "Place Order" will order, right above it: where it goes (the address in full), how
// it is paid, the lines, the delivery charge and the total with its taxes.
function OrderReview({ lines, deliverTo, method, charge, total }) {
  const id = useId();
  return (
    <section
      className="cart-review text-start border rounded p-2 mb-3"
      aria-labelledby={`${id}-review`}
      data-testid="order-review"
    >
      <h3 id={`${id}-review`} className="h6 mb-2">
        Review your order
      </h3>
      <dl className="small mb-0">
        <dt>Deliver to</dt>
        <dd data-testid="review-address">{deliverTo}</dd>
        <dt>Payment</dt>
        <dd data-testid="review-payment">{REVIEW_PAYMENT[method] ?? '-'}</dd>
        <dt>Items</dt>
        <dd>
          <ul className="list-unstyled mb-0">
            {lines.map(({ key, product, quantity, subtotal }) => (
              <li key={key}>
                {lineLabel(product)} × {quantity}: {formatPrice(subtotal)}
              </li>
            ))}
          </ul>
        </dd>
        {charge !== null && (
          <>
            <dt>Delivery</dt>
            <dd>{charge === 0 ? 'Free' : formatPrice(charge)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd className="mb-0 fw-bold" data-testid="review-total">
          {formatPrice(total)}{' '}
          <span className="fw-normal text-body-secondary">(taxes included)</span>
        </dd>
      </dl>
    </section>
  );
}

const REVIEW_PAYMENT = { cod: 'Cash on delivery', razorpay: PAY_ONLINE };

// The "Payment" radio group. Cash on delivery shows only when the shop offers it (or its
// rules are unknown: the server decides), disabled with the reason over the cap.
function PaymentChoice({ method, cod, online, codLimit, disabled, onChoose }) {
  const id = useId();
  return (
    <fieldset className="cart-payment text-start mb-3" disabled={disabled}>
      <legend className="h5">Payment</legend>
      {cod.offered && (
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            name={`${id}-payment`}
            id={`${id}-cod`}
            value="cod"
            checked={method === 'cod'}
            disabled={cod.overLimit}
            aria-describedby={cod.overLimit ? `${id}-cod-reason` : undefined}
            onChange={() => onChoose('cod')}
          />
          <label className="form-check-label" htmlFor={`${id}-cod`}>
            Cash on delivery
          </label>
          {cod.overLimit && (
            <div id={`${id}-cod-reason`} className="form-text mt-0">
              {MESSAGES.codOverLimit(formatPrice(codLimit))}
            </div>
          )}
        </div>
      )}
      {online && (
        <div className="form-check">
          <input
            className="form-check-input"
            type="radio"
            name={`${id}-payment`}
            id={`${id}-online`}
            value="razorpay"
            checked={method === 'razorpay'}
            onChange={() => onChoose('razorpay')}
          />
          <label className="form-check-label" htmlFor={`${id}-online`}>
            {PAY_ONLINE}
          </label>
        </div>
      )}
    </fieldset>
  );
}

export default function CartPage() {
  usePageMeta({ title: 'Cart - ShopSphere' });
  const { auth, setAuth } = useAuth();
  const { cart, removeWithUndo, changeQuantity, replace, clear } = useCart();
  const navigate = useNavigate();
  const user = auth.token ? auth.user : null;
  const lines = groupCart(cart);
  const { removed, priceChanges, refresh } = useCartRefresh(cart, replace, getProduct);
  const [placing, setPlacing] = useState(false);
  const attemptKey = useRef(null);
  const removeButtons = useRef(new Map());
  const continueLink = useRef(null);
  const stickyBar = useRef(null);
  useStickyBarHeight(stickyBar, cart.length > 0);
  const shopInfo = useShopInfo();
  const { delivery, codLimit } = shopInfo;
  const { addresses, reload: reloadAddresses } = useAddresses({ enabled: Boolean(user) });
  const [chosenId, setChosenId] = useState(null);
  const saved = addresses ?? [];
  // The chosen address while it still exists, else the default.
  const chosen =
    saved.find((address) => String(address._id) === String(chosenId)) ?? defaultAddress(saved);
  const subtotal = cartTotal(cart);
  const charge = deliveryChargeFor(delivery, subtotal);
  const total = subtotal + (charge ?? 0);
  const hasAddress = Boolean(chosen) || Boolean(user?.address);
  const deliverTo = chosen ? addressText(chosen) : (user?.address ?? '');

  // How the shopper can pay this total. Until shop-info answers, cash on delivery as before.
  const shopKnown = !shopInfo.loading && !shopInfo.failed;
  const online = shopInfo.razorpay;
  const codOffered = !shopKnown || offersCod(shopInfo.paymentMethods);
  const cod = {
    offered: codOffered,
    overLimit: codOffered && codLimit !== null && total > Number(codLimit),
  };
  const codUsable = cod.offered && !cod.overLimit;
  const [picked, setPicked] = useState(null);
  let method = null;
  if (picked === 'razorpay' && online) method = 'razorpay';
  else if (codUsable) method = 'cod';
  else if (online) method = 'razorpay';
  const payment = useRazorpay({
    settings: online,
    shopName: shopInfo.shop?.tradeName || shopInfo.shop?.legalName || 'ShopSphere',
  });
  // The online attempt the shopper may retry: what it was for (cart and address), and the
  // order and Razorpay order when checkout placed one (none when the gateway was down).
  const [attempt, setAttempt] = useState(null);
  const lineItems = checkoutLines(cart);
  const addressId = chosen ? chosen._id : undefined;
  const signature = JSON.stringify([lineItems, addressId ?? null]);
  const retrying = payment.phase === 'failed' && attempt?.signature === signature;
  const working = useRef(false);
  const mainButtons = useRef(new Map());
  // After Razorpay's window, focus returns to the main button (its copy on screen: the
  // summary's or the phone bar's).
  const focusLater = useFocusAfterRender();
  const requestFocus = useCallback(
    () => focusLater(() => focusFirstVisible([...mainButtons.current.values()])),
    [focusLater],
  );

  const addAddress = useCallback(
    async (payload) => {
      const { data } = await createAddress(payload);
      const added = data?.address;
      if (added?._id != null) setChosenId(added._id);
      // The first address becomes the default: the profile's address is now its text.
      if (added?.isDefault) {
        setAuth((current) => ({
          ...current,
          user: { ...current.user, address: addressText(added) },
        }));
      }
      reloadAddresses();
    },
    [reloadAddresses, setAuth],
  );

  function removeLine(product, index) {
    const keys = lines.map((line) => line.key);
    const neighbours = [keys[index + 1], keys[index - 1]].filter(Boolean);
    removeWithUndo(product, {
      onToastLeave: () => {
        const buttons = removeButtons.current;
        const target =
          [keys[index], ...neighbours].map((key) => buttons.get(key)).find(Boolean) ??
          continueLink.current;
        target?.focus();
      },
    });
  }

  // A changed cart, address or payment method is a new attempt; the same one retried keeps
  // its key (one order: the server would refuse the key for another checkout anyway).
  useEffect(() => {
    attemptKey.current = null;
  }, [signature, method]);

  // One request at a time, whatever the clicks: the ref holds before React re-renders.
  async function exclusive(work) {
    if (working.current) return;
    working.current = true;
    setPlacing(true);
    try {
      await work();
    } finally {
      working.current = false;
      setPlacing(false);
    }
  }

  function paid(order) {
    setAttempt(null);
    clear();
    toast.success(MESSAGES.orderPaid);
    navigate(order?._id ? paths.orderPlaced(order._id) : paths.userOrders);
  }

  function refused(error) {
    toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    if ([400, 409].includes(error?.response?.status)) refresh();
  }

  // Lets go of the order an earlier online attempt holds (its stock is reserved): read it
  // first, since a payment may have arrived after the window closed (then it is simply
  // paid), else cancel it while it still awaits payment. False when the caller must stop.
  async function release(held) {
    try {
      const { data } = await getOrder(held.order._id);
      if (data?.order?.payment?.success) {
        paid(data.order);
        return false;
      }
      if (data?.order?.status === AWAITING_PAYMENT) await cancelOrder(held.order._id);
    } catch (error) {
      // An order the server no longer knows holds nothing: go on without it.
      if (error?.response?.status !== 404) {
        toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
        return false;
      }
    }
    setAttempt(null);
    payment.reset();
    return true;
  }

  async function placeCod() {
    attemptKey.current = attemptKey.current ?? newIdempotencyKey();
    try {
      const { data } = await checkout({
        cart: lineItems,
        addressId,
        payment: 'cod',
        idempotencyKey: attemptKey.current,
      });
      clear();
      toast.success(MESSAGES.orderPlaced);
      const placed = data?.order?._id;
      navigate(placed ? paths.orderPlaced(placed) : paths.userOrders);
    } catch (error) {
      refused(error);
    }
  }

  function openPayment(held) {
    return payment.pay(held, {
      onPaid: (order) => paid(order ?? held.order),
      onClosed: requestFocus,
    });
  }

  async function startOnline() {
    attemptKey.current = attemptKey.current ?? newIdempotencyKey();
    let data;
    try {
      ({ data } = await checkout({
        cart: lineItems,
        addressId,
        payment: 'razorpay',
        idempotencyKey: attemptKey.current,
      }));
    } catch (error) {
      const status = error?.response?.status;
      // The gateway is down or the network failed: nothing was placed, the shopper may
      // retry (same key) or pay cash on delivery.
      if (!error?.response || status >= 500) {
        setAttempt({ signature });
        payment.fail(errorMessage(error) ?? MESSAGES.paymentServiceDown);
        requestFocus();
      } else {
        refused(error);
      }
      return;
    }
    if (!data?.order || !data?.razorpay?.orderId) {
      setAttempt({ signature });
      payment.fail(MESSAGES.paymentServiceDown);
      requestFocus();
      return;
    }
    const held = { signature, order: data.order, razorpay: data.razorpay };
    setAttempt(held);
    await openPayment(held);
  }

  const placeOrder = () =>
    exclusive(async () => {
      // A stale attempt's order goes first, so its reserved stock is free for this one.
      if (attempt?.order && !(await release(attempt))) return;
      if (method === 'razorpay') await startOnline();
      else if (method === 'cod') await placeCod();
    });

  const tryAgain = () =>
    exclusive(async () => {
      if (attempt?.order) await openPayment(attempt);
      else await startOnline();
    });

  const switchToCod = () =>
    exclusive(async () => {
      if (attempt?.order && !(await release(attempt))) return;
      setAttempt(null);
      payment.reset();
      setPicked('cod');
      attemptKey.current = newIdempotencyKey();
      await placeCod();
    });

  const busy = placing || payment.busy;
  let busyLabel = 'Placing order ...';
  if (payment.phase === 'opening') busyLabel = 'Opening payment ...';
  else if (payment.phase === 'open') busyLabel = 'Waiting for payment ...';
  else if (payment.phase === 'verifying') busyLabel = 'Confirming payment ...';
  const keepButton = (place) => (node) => {
    if (node) mainButtons.current.set(place, node);
    else mainButtons.current.delete(place);
  };

  function mainAction(place) {
    if (!user) {
      return (
        <button
          type="button"
          className="btn btn-warning"
          onClick={() => navigate(paths.login, { state: { from: paths.cart } })}
        >
          Please login to checkout
        </button>
      );
    }
    if (!hasAddress) return <UpdateAddressButton />;
    if (retrying) {
      return (
        <span className="d-inline-flex flex-wrap justify-content-center gap-2">
          <button
            type="button"
            className="btn btn-success"
            onClick={tryAgain}
            disabled={busy}
            ref={keepButton(place)}
          >
            Try again
          </button>
          {codUsable && (
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={switchToCod}
              disabled={busy}
            >
              Pay cash on delivery instead
            </button>
          )}
        </span>
      );
    }
    return (
      <button
        type="button"
        className="btn btn-success"
        onClick={placeOrder}
        disabled={busy || cart.length === 0 || method === null}
        ref={keepButton(place)}
      >
        {busy ? busyLabel : method === 'razorpay' ? payOnlineLabel(total) : PLACE_ORDER}
      </button>
    );
  }

  // One main button on screen at a time: in the summary from the lg breakpoint, in the
  // sticky bar below it.
  const inSummary = <span className="d-none d-lg-inline-block">{mainAction('summary')}</span>;

  return (
    <div className="container py-4">
      <h1 className="h2 text-center mb-1">Hello {greetingName(user)}</h1>
      <p className="text-center fs-5 mb-4">{itemCountMessage(cart.length, Boolean(user))}</p>
      {removed.length > 0 && (
        <div className="alert alert-warning" role="status">
          {MESSAGES.cartItemGone(removed)}
        </div>
      )}
      {cart.length === 0 ? (
        <div className="text-center py-4">
          <Link className="btn btn-primary" to={paths.home} ref={continueLink}>
            Continue shopping
          </Link>
          {user && !hasAddress && (
            <div className="mt-3">
              <UpdateAddressButton />
            </div>
          )}
        </div>
      ) : (
        <div className="row g-4">
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
                            Price: {formatPrice(product.price)}
                            {quantity > 1 && (
                              <span className="fw-normal">
                                {' '}
                                × {quantity} = {formatPrice(subtotal)}
                              </span>
                            )}
                          </p>
                          {change && (
                            <p className="card-text small text-warning-emphasis mb-1">
                              Price changed: was {formatPrice(change.was)}, now{' '}
                              {formatPrice(change.now)}
                            </p>
                          )}
                          <p className="mb-2">
                            <StockBadge product={product} />
                          </p>
                          <div className="d-flex flex-wrap align-items-center gap-2">
                            <QuantityStepper
                              label={label}
                              max={lineMax(cart, product)}
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
          <section className="col-lg-5" aria-labelledby="cart-summary">
            <div className="card shadow-sm text-center">
              <div className="card-body">
                <h2 id="cart-summary" className="h4">
                  Cart Summary
                </h2>
                <p className="text-body-secondary mb-2">Total | Checkout | Payment</p>
                <hr />
                <Totals subtotal={subtotal} delivery={delivery} charge={charge} />
                <p className="h4" data-testid="cart-total">
                  Total: {formatPrice(total)}
                </p>
                <p className="small text-body-secondary mb-0">{MESSAGES.pricesInclusive}</p>
                {Object.keys(priceChanges).length > 0 && (
                  <p className="small text-warning-emphasis">{MESSAGES.cartPriceChanged}</p>
                )}
                <div className="mt-3">
                  {user ? (
                    <>
                      {saved.length > 0 ? (
                        <AddressChooser
                          addresses={saved}
                          chosenId={chosen?._id}
                          onChoose={setChosenId}
                          onAdd={addAddress}
                        />
                      ) : user.address ? (
                        <>
                          <h3 className="h5">Current Address</h3>
                          <p className="mb-2">{user.address}</p>
                        </>
                      ) : null}
                      {saved.length === 0 && addresses !== null && (
                        <AddressChooser addresses={[]} onAdd={addAddress} />
                      )}
                      {hasAddress && (
                        <>
                          <PaymentChoice
                            method={method}
                            cod={cod}
                            online={Boolean(online)}
                            codLimit={codLimit}
                            disabled={busy || retrying}
                            onChoose={setPicked}
                          />
                          {/* A failure about another cart or address is no longer said. */}
                          <PaymentStatus
                            phase={retrying || payment.busy ? payment.phase : 'idle'}
                            detail={retrying || payment.busy ? payment.detail : null}
                            className="text-start small"
                          />
                        </>
                      )}
                      {hasAddress && (
                        <OrderReview
                          lines={lines}
                          deliverTo={deliverTo}
                          method={method}
                          charge={charge}
                          total={total}
                        />
                      )}
                      <div className="d-flex flex-wrap justify-content-center gap-2">
                        {saved.length === 0 && user.address && (
                          <UpdateAddressButton className="btn btn-outline-secondary" />
                        )}
                        {inSummary}
                      </div>
                      {hasAddress && method === 'cod' && (
                        <p className="small text-body-secondary mt-2 mb-0">
                          Pay in cash when your order is delivered.
                        </p>
                      )}
                      {hasAddress && method === 'razorpay' && (
                        <p className="small text-body-secondary mt-2 mb-0">
                          {MESSAGES.payOnlineHint}
                        </p>
                      )}
                    </>
                  ) : (
                    <>
                      <p className="mb-2">{MESSAGES.loginToCheckout}</p>
                      {inSummary}
                      <p className="mt-2 mb-0">
                        New here?{' '}
                        <Link to={paths.register} state={{ from: paths.cart }}>
                          Register here
                        </Link>
                      </p>
                    </>
                  )}
                </div>
              </div>
            </div>
          </section>
          <div className="cart-sticky-bar d-lg-none" data-testid="cart-sticky-bar" ref={stickyBar}>
            {user && hasAddress && (
              <p className="cart-sticky-address small text-truncate mb-1" data-testid="bar-address">
                Deliver to: {deliverTo}
              </p>
            )}
            <div className="d-flex align-items-center justify-content-between gap-2">
              <span className="fw-bold">Total {formatPrice(total)}</span>
              {mainAction('bar')}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
