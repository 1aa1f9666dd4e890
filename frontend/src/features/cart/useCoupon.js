// The coupon of the cart: the code is kept with the cart (CartContext's `coupon`), the
// server says whether it applies and how much it takes off (coupons/check), and checkout
// sends the code. Two hooks, because the payment method the check needs is the checkout's
// and the checkout's total needs the discount:
//
//   const coupon = useCoupon({ signedIn });        // before useCheckout: coupon.discount
//   const checkout = useCheckout({ total: ... - coupon.discount, coupon: coupon.code, ... });
//   useCouponRecheck(coupon, { lines, payment: checkout.method });
//
// A code is checked when applied, and again (a moment after the last change) whenever the
// cart's lines or the payment method change, or the page opens with a stored code. A guest
// checking out applies one as a signed-in shopper does (`useCoupon({ guest: true })`). A code
// that stops applying is dropped and the server's reason shown; a check that gets no answer
// keeps the code (checkout decides) and says so.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/apiClient';
import { checkCoupon } from './couponApi';
import { useCart } from './CartContext';
import { COUPON_MESSAGES } from './couponMessages';

// How long the lines must stay still before they are checked again (a quantity stepped
// three times is one check).
export const RECHECK_DELAY_MS = 250;

// What a check was made for: the code, the lines and the payment method.
export const checkKey = (code, lines, payment) => JSON.stringify([code, lines, payment ?? null]);

// A refusal that says the code does not apply (as opposed to no answer, or a server fault).
const refusal = (error) => [400, 404].includes(error?.response?.status);

// `signedIn`: a shopper signed in; `guest`: a signed-out shopper checking out as a guest
// (the guest checkout form's box; the server checks the code for a guest too). Either may
// apply a code; otherwise a stored code takes nothing off.
export function useCoupon({ signedIn, guest = false }) {
  const usable = signedIn || guest;
  const { coupon: code, setCoupon } = useCart();
  // The last accepted check: { key, code, discount, lines, coupon }.
  const [result, setResult] = useState(null);
  // The sentence in the alert region: why a code was refused or dropped.
  const [notice, setNotice] = useState(null);
  const [checking, setChecking] = useState(false);
  // Bumped to check the stored code again with the same lines (a refused checkout).
  const [round, setRound] = useState(0);
  const calls = useRef({ seq: 0, controller: null });

  // Only the newest call's answer counts; an older one still in flight is given up.
  const send = useCallback(async (candidate, lines, payment) => {
    const state = calls.current;
    state.controller?.abort();
    const controller = new AbortController();
    state.controller = controller;
    state.seq += 1;
    const seq = state.seq;
    setChecking(true);
    try {
      const { data } = await checkCoupon(
        { code: candidate, cart: lines, payment },
        { signal: controller.signal },
      );
      return seq === state.seq ? { data } : null;
    } catch (error) {
      if (seq !== state.seq || error?.name === 'CanceledError') return null;
      return { error };
    } finally {
      if (seq === state.seq) setChecking(false);
    }
  }, []);

  const accept = useCallback(
    (data, typed, lines, payment) => {
      const applied = data?.coupon?.code || typed;
      setCoupon(applied);
      setResult({
        key: checkKey(applied, lines, payment),
        code: applied,
        discount: Number(data?.discount) || 0,
        lines: Array.isArray(data?.lines) ? data.lines : [],
        coupon: data?.coupon ?? null,
      });
    },
    [setCoupon],
  );

  // The shopper's Apply: true when the code applies.
  const apply = useCallback(
    async (text, { lines, payment }) => {
      const typed = String(text ?? '').trim();
      if (!typed) {
        setNotice(COUPON_MESSAGES.couponEmpty);
        return false;
      }
      setNotice(null);
      const answer = await send(typed, lines, payment);
      if (!answer) return false;
      if (answer.data) {
        accept(answer.data, typed, lines, payment);
        return true;
      }
      setNotice(errorMessage(answer.error) ?? COUPON_MESSAGES.couponCheckFailed);
      return false;
    },
    [send, accept],
  );

  // The stored code, checked again for these lines and this payment method.
  const recheck = useCallback(
    async (stored, { lines, payment }) => {
      const answer = await send(stored, lines, payment);
      if (!answer) return;
      if (answer.data) {
        accept(answer.data, stored, lines, payment);
        return;
      }
      if (refusal(answer.error)) {
        setCoupon(null);
        setResult(null);
        setNotice(
          COUPON_MESSAGES.couponDropped(
            stored,
            errorMessage(answer.error) ?? COUPON_MESSAGES.couponCheckFailed,
          ),
        );
        return;
      }
      setNotice(COUPON_MESSAGES.couponUnchecked(stored));
    },
    [send, accept, setCoupon],
  );

  const remove = useCallback(() => {
    calls.current.controller?.abort();
    calls.current.seq += 1;
    setChecking(false);
    setCoupon(null);
    setResult(null);
    setNotice(null);
  }, [setCoupon]);

  // Until the shopper signs in (or checks out as a guest), a stored code takes nothing off.
  const current = usable && code && result?.code === code ? result : null;
  return {
    code: usable ? code : null,
    applied: current,
    discount: current?.discount ?? 0,
    notice,
    checking,
    signedIn,
    usable,
    round,
    apply,
    recheck,
    remove,
    clearNotice: useCallback(() => setNotice(null), []),
    checkAgain: useCallback(() => setRound((n) => n + 1), []),
  };
}

// Checks the stored code again when the lines or the payment method change (the key of the
// last check differs), when asked to (`coupon.checkAgain()`), and when the page opens with
// one. Nothing is checked for an empty cart or a guest.
export function useCouponRecheck(coupon, { lines, payment }) {
  const { code, applied, round, recheck } = coupon;
  const key = code ? checkKey(code, lines, payment) : null;
  const latest = useRef({ lines, payment });
  latest.current = { lines, payment };
  const checkedRound = useRef(round);
  const upToDate = applied?.key === key && checkedRound.current === round;
  const empty = lines.length === 0;

  useEffect(() => {
    if (!code || empty || upToDate) return undefined;
    const timer = setTimeout(() => {
      checkedRound.current = round;
      recheck(code, latest.current);
    }, RECHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code, key, empty, upToDate, round, recheck]);
}
