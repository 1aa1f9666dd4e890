// The checkout's state and calls: how the shopper pays (cash on delivery, or online
// through Razorpay), placing the order under an Idempotency-Key, and the online attempt
// that may be retried or given up for cash on delivery.
//
// Paying online loads Razorpay's script first (a script that cannot load places nothing:
// "Online payment could not be loaded", Try Again, Pay Cash on Delivery Instead), then
// places the order Awaiting Payment and opens Razorpay's window; the cart is
// emptied once the server has verified the payment. A window closed without paying leaves
// "Payment not completed" with Try Again (the same Razorpay order) and Pay Cash on
// Delivery Instead (that same order becomes cash on delivery: one order, no cancel; paid
// meanwhile, it is shown paid; given up meanwhile, a cash order is placed under a new
// key). A cart or address changed meanwhile makes the held order stale: the next order
// releases it first. A placed order (cash, or paid online) lands on its confirmation page.
//
// What belongs to other features comes in from the page that composes them (features do
// not import each other):
//   user     the signed-in shopper, or null
//   cart     { lines, empty, clear, refresh }: the lines checkout sends (checkoutLines),
//            whether the cart is empty, emptying it, and reading its products again after
//            a refusal (400/409: stock or prices moved)
//   total    what the order costs, after the coupon's discount, delivery included
//   coupon   the coupon code applied in the cart, or null: sent with the order
//   address  { id, text, known, codPin }: the chosen saved address's id (undefined: the
//            profile's free text), the address in one line, whether there is one, and its
//            PIN code when no cash is collected there (cash on delivery then disabled)
//   offer    { codOffered, codLimit, online }: the shop's payment methods (paymentOffer)
//   payment  the Razorpay window (features/orders' useRazorpay)
//   orders   { getOrder, cancelOrder, isAwaitingPayment }: releasing a held order, and
//            reading one the server would not switch to cash on delivery
//   business a business purchase (useBusinessBuyer), or null: its `body` goes with the
//            order; an order is not placed while it has errors (they are shown instead)
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from '../../lib/toast';
import { errorMessage } from '../../lib/apiClient';
import { focusFirstVisible, useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { checkout, payOnDelivery } from './api';
import { newIdempotencyKey } from './idempotency';
import { CHECKOUT_MESSAGES } from './checkoutMessages';

// The method in effect: the shopper's pick while it is allowed, else cash on delivery when
// usable, else online; null when neither is (over the cap, no online payments).
export function chooseMethod(picked, { codUsable, online }) {
  if (picked === 'razorpay' && online) return 'razorpay';
  if (codUsable) return 'cod';
  if (online) return 'razorpay';
  return null;
}

export function busyLabelFor(phase) {
  if (phase === 'opening') return 'Opening payment ...';
  if (phase === 'open') return 'Waiting for payment ...';
  if (phase === 'verifying') return 'Confirming payment ...';
  return 'Placing order ...';
}

export function useCheckout({
  user,
  cart,
  total,
  address,
  offer,
  payment,
  orders,
  coupon = null,
  business = null,
}) {
  const navigate = useNavigate();
  const [placing, setPlacing] = useState(false);
  const attemptKey = useRef(null);
  const working = useRef(false);
  const mainButtons = useRef(new Map());

  // How the shopper can pay this total.
  const { codOffered, codLimit, online } = offer;
  const cod = {
    offered: codOffered,
    overLimit: codOffered && codLimit !== null && total > Number(codLimit),
    // The chosen address's PIN code when the courier collects no cash there.
    noCodAt: address.codPin ?? null,
  };
  const codUsable = cod.offered && !cod.overLimit && !cod.noCodAt;
  const [picked, setPicked] = useState(null);
  const method = chooseMethod(picked, { codUsable, online });

  // The online attempt the shopper may retry: what it was for (cart, address and coupon),
  // and the order and Razorpay order when checkout placed one (none when the gateway was
  // down).
  const [attempt, setAttempt] = useState(null);
  const lineItems = cart.lines;
  const addressId = address.id;
  const couponCode = coupon || null;
  // What a business purchase adds to the request ({} for a consumer).
  const businessBody = business?.body ?? {};
  const billed = Object.keys(businessBody).length > 0;
  // Without a coupon it is what it was before coupons existed; a business purchase adds
  // its GSTIN and name (another GSTIN is another order, under another key).
  const signature = JSON.stringify([
    lineItems,
    addressId ?? null,
    ...(couponCode || billed ? [couponCode] : []),
    ...(billed ? [businessBody] : []),
  ]);
  const retrying = payment.phase === 'failed' && attempt?.signature === signature;
  // After Razorpay's window, focus returns to the main button (its copy on screen: the
  // summary's or the phone bar's).
  const focusLater = useFocusAfterRender();
  const requestFocus = useCallback(
    () => focusLater(() => focusFirstVisible([...mainButtons.current.values()])),
    [focusLater],
  );

  // A changed cart, address, coupon or payment method is a new attempt; the same one retried keeps
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
    cart.clear();
    toast.success(CHECKOUT_MESSAGES.orderPaid);
    navigate(order?._id ? paths.orderPlaced(order._id) : paths.userOrders);
  }

  function refused(error) {
    toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    if ([400, 409].includes(error?.response?.status)) cart.refresh();
  }

  // Lets go of the order an earlier online attempt holds (its stock is reserved): read it
  // first, since a payment may have arrived after the window closed (then it is simply
  // paid), else cancel it while it still awaits payment. False when the caller must stop.
  async function release(held) {
    try {
      const { data } = await orders.getOrder(held.order._id);
      if (data?.order?.payment?.success) {
        paid(data.order);
        return false;
      }
      if (orders.isAwaitingPayment(data?.order)) await orders.cancelOrder(held.order._id);
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
        coupon: couponCode,
        business: businessBody,
        idempotencyKey: attemptKey.current,
      });
      cart.clear();
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
    // Razorpay's script first: when it cannot load, nothing is placed and the shopper may
    // try again or pay cash on delivery (no order to release then).
    if (!(await payment.prepare())) {
      setAttempt({ signature });
      requestFocus();
      return;
    }
    attemptKey.current = attemptKey.current ?? newIdempotencyKey();
    let data;
    try {
      ({ data } = await checkout({
        cart: lineItems,
        addressId,
        payment: 'razorpay',
        coupon: couponCode,
        business: businessBody,
        idempotencyKey: attemptKey.current,
      }));
    } catch (error) {
      const status = error?.response?.status;
      // The gateway is down or the network failed: nothing was placed, the shopper may
      // retry (same key) or pay cash on delivery.
      if (!error?.response || status >= 500) {
        setAttempt({ signature });
        payment.fail(errorMessage(error) ?? CHECKOUT_MESSAGES.paymentServiceDown);
        requestFocus();
      } else {
        refused(error);
      }
      return;
    }
    if (!data?.order || !data?.razorpay?.orderId) {
      setAttempt({ signature });
      payment.fail(CHECKOUT_MESSAGES.paymentServiceDown);
      requestFocus();
      return;
    }
    const held = { signature, order: data.order, razorpay: data.razorpay };
    setAttempt(held);
    await openPayment(held);
  }

  const placeOrder = () => {
    // GSTIN or business name not right: say so by the fields, place nothing.
    if (business && !business.valid) {
      business.reveal();
      return undefined;
    }
    return exclusive(async () => {
      // A stale attempt's order goes first, so its reserved stock is free for this one.
      if (attempt?.order && !(await release(attempt))) return;
      if (method === 'razorpay') await startOnline();
      else if (method === 'cod') await placeCod();
    });
  };

  const tryAgain = () =>
    exclusive(async () => {
      if (attempt?.order) await openPayment(attempt);
      else await startOnline();
    });

  // The held order itself becomes cash on delivery. True when that settled it (switched,
  // found paid, or refused with the reason said); false when the order is gone or was
  // given up meanwhile, so a cash order is placed instead.
  async function switchHeld(held) {
    const id = held.order._id;
    try {
      const { data } = await payOnDelivery(id);
      setAttempt(null);
      payment.reset();
      cart.clear();
      toast.success(MESSAGES.orderPlaced);
      navigate(paths.orderPlaced(data?.order?._id ?? id));
      return true;
    } catch (error) {
      const status = error?.response?.status;
      if (status === 404) return false;
      if (status !== 409) {
        refused(error);
        return true;
      }
      // Not awaiting its payment any more: paid meanwhile (then it is simply paid), given
      // up (a cash order then), or a payment is being completed (its page says how it ends).
      let order = null;
      try {
        ({
          data: { order },
        } = await orders.getOrder(id));
      } catch {
        // Unreadable now: its page reads it again.
      }
      if (order?.payment?.success) {
        paid(order);
        return true;
      }
      if (order?.status === 'Cancelled') return false;
      setAttempt(null);
      payment.reset();
      toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
      navigate(paths.userOrder(id));
      return true;
    }
  }

  const switchToCod = () =>
    exclusive(async () => {
      const held = attempt?.order && attempt.signature === signature ? attempt : null;
      if (held && (await switchHeld(held))) return;
      if (!held && attempt?.order && !(await release(attempt))) return;
      setAttempt(null);
      payment.reset();
      setPicked('cod');
      attemptKey.current = newIdempotencyKey();
      await placeCod();
    });

  // The main button's copies (summary, phone bar) register here, for focus after the
  // payment window.
  const keepButton = (place) => (node) => {
    if (node) mainButtons.current.set(place, node);
    else mainButtons.current.delete(place);
  };

  const showPayment = retrying || payment.busy;
  return {
    user,
    total,
    address,
    business,
    empty: cart.empty,
    cod,
    codUsable,
    codLimit,
    online: Boolean(online),
    method,
    choose: setPicked,
    busy: placing || payment.busy,
    busyLabel: busyLabelFor(payment.phase),
    retrying,
    // A failure about another cart or address is no longer said.
    status: {
      phase: showPayment ? payment.phase : 'idle',
      detail: showPayment ? payment.detail : null,
    },
    placeOrder,
    tryAgain,
    switchToCod,
    keepButton,
  };
}
