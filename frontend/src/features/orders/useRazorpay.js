// Paying an order through Razorpay's checkout (the cart's first attempt, its Try Again, and
// the orders page's Pay Now). The checkout script is loaded on first use; the cart loads it
// with `prepare()` before it asks the server for an order, so a script that cannot load
// leaves no order behind. Each attempt opens a new checkout for the same Razorpay order, so
// a retry never creates a second one.
//
// The gateway's callbacks drive the phase:
//   idle -> opening (script loading) -> open (the shopper is in Razorpay's window)
//     handler(response)   -> verifying -> idle and onPaid(order) once the server checked
//                            the signature; a refused or unreachable verify -> failed
//     payment.failed      -> failed with the gateway's reason; the window stays open and
//                            the shopper may still pay in it (handler then wins)
//     modal.ondismiss     -> failed, and onClosed() so the caller puts focus back
// `detail` is the sentence the caller's live region shows (PaymentStatus).
import { useCallback, useState } from 'react';
import { loadScript } from '../../lib/loadScript';
import { errorMessage } from '../../lib/apiClient';
import { verifyRazorpayPayment } from './api';
import { PAYMENT_MESSAGES } from './paymentMessages';

const IDLE = { phase: 'idle', detail: null };
// Bootstrap's primary: the window's buttons match the shop's.
const THEME = { color: '#0d6efd' };

export const PAYMENT_BUSY = ['opening', 'open', 'verifying'];

async function razorpayConstructor(checkoutUrl) {
  if (!checkoutUrl) throw new Error('No Razorpay checkout URL in shop-info');
  await loadScript(checkoutUrl);
  if (typeof window.Razorpay !== 'function') throw new Error('Razorpay did not load');
  return window.Razorpay;
}

// settings: {checkoutUrl, keyId} from shop-info; shopName: the shop's trade name.
export function useRazorpay({ settings, shopName }) {
  const [state, setState] = useState(IDLE);
  const checkoutUrl = settings?.checkoutUrl;
  const keyId = settings?.keyId;

  // attempt: {order, razorpay} as checkout answered (razorpay: {keyId, orderId, amount,
  // currency, name, email, phone}); onPaid(order) after the server's verify, onClosed()
  // when the window has gone without a payment.
  const pay = useCallback(
    async ({ order, razorpay }, { onPaid, onClosed }) => {
      setState({ phase: 'opening', detail: PAYMENT_MESSAGES.paymentOpening });
      let Razorpay;
      try {
        Razorpay = await razorpayConstructor(checkoutUrl);
      } catch (error) {
        console.error('Razorpay checkout unavailable', error);
        setState({ phase: 'failed', detail: PAYMENT_MESSAGES.paymentScriptFailed });
        onClosed?.();
        return;
      }
      let failure = null;
      let settled = false;
      async function verify(response) {
        settled = true;
        setState({ phase: 'verifying', detail: PAYMENT_MESSAGES.paymentConfirming });
        try {
          const { data } = await verifyRazorpayPayment(order._id, response ?? {});
          setState(IDLE);
          onPaid(data.order);
        } catch (error) {
          setState({
            phase: 'failed',
            detail: errorMessage(error) ?? PAYMENT_MESSAGES.paymentUnconfirmed,
          });
          onClosed?.();
        }
      }
      const checkout = new Razorpay({
        key: razorpay.keyId ?? keyId,
        order_id: razorpay.orderId,
        amount: razorpay.amount,
        currency: razorpay.currency,
        name: shopName,
        description: `Order #${order._id}`,
        prefill: { name: razorpay.name, email: razorpay.email, contact: razorpay.phone },
        handler: verify,
        modal: {
          ondismiss: () => {
            if (settled) return;
            settled = true;
            setState({
              phase: 'failed',
              detail: failure ?? PAYMENT_MESSAGES.paymentKept(order._id),
            });
            onClosed?.();
          },
        },
        theme: THEME,
      });
      checkout.on('payment.failed', (response) => {
        const reason = response?.error?.description;
        failure = reason ? PAYMENT_MESSAGES.paymentFailedReason(reason) : null;
        setState({ phase: 'failed', detail: failure ?? PAYMENT_MESSAGES.paymentKept(order._id) });
      });
      setState({ phase: 'open', detail: PAYMENT_MESSAGES.paymentWindowOpen });
      checkout.open();
    },
    [checkoutUrl, keyId, shopName],
  );

  // Loads the checkout script before anything is placed: true once Razorpay is ready,
  // false (phase failed, "Online payment could not be loaded ...") when it is not.
  const prepare = useCallback(async () => {
    setState({ phase: 'opening', detail: PAYMENT_MESSAGES.paymentOpening });
    try {
      await razorpayConstructor(checkoutUrl);
      return true;
    } catch (error) {
      console.error('Razorpay checkout unavailable', error);
      setState({ phase: 'failed', detail: PAYMENT_MESSAGES.paymentScriptFailed });
      return false;
    }
  }, [checkoutUrl]);

  // The gateway could not even start (checkout answered 5xx): the same words and buttons.
  const fail = useCallback((detail) => setState({ phase: 'failed', detail }), []);
  const reset = useCallback(() => setState(IDLE), []);

  return { ...state, busy: PAYMENT_BUSY.includes(state.phase), prepare, pay, fail, reset };
}
