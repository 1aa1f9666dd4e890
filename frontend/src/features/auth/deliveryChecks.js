// Whether the shop delivers to a PIN code, and collects cash there, as the delivery call
// answers it (`GET /delivery/<pincode>`: {pincode, serviceable, cod, state, city}). The
// call is the shop feature's (features/shop/api.js `checkDelivery`): the page hands it in
// as `check`, as it hands in what other features own; without it nothing is asked. Each
// PIN code is asked once per visit: the answers (and the calls under way) are kept here,
// shared by the address form, the address book and the cart's chooser; a failed call is
// forgotten, so the next look asks again.
import { useEffect, useState } from 'react';
import { PIN_SHAPE } from './addresses';

const asked = new Map();

export function deliveryOf(pincode, check) {
  const known = asked.get(pincode);
  if (known) return known;
  const call = check(pincode).then(
    ({ data }) => ({
      pincode,
      serviceable: Boolean(data?.serviceable),
      cod: Boolean(data?.serviceable && data?.cod),
      state: data?.state ?? '',
      city: data?.city ?? '',
    }),
    (error) => {
      asked.delete(pincode);
      throw error;
    },
  );
  asked.set(pincode, call);
  return call;
}

// Tests start each case with nothing asked.
export function resetDeliveryChecks() {
  asked.clear();
}

// "We deliver to 560001 (Karnataka); cash on delivery available." and its other cases.
export function deliveryText(answer) {
  if (!answer) return '';
  const { pincode, serviceable, cod, state } = answer;
  if (!serviceable) return `We do not deliver to ${pincode} yet.`;
  const place = state ? `${pincode} (${state})` : pincode;
  return cod
    ? `We deliver to ${place}; cash on delivery available.`
    : `We deliver to ${place}; cash on delivery is not available there.`;
}

export const NOT_DELIVERED_HERE = 'We do not deliver here';
// The address book with addresses but no default: the shop serves none of them.
export const NO_DEFAULT_HERE =
  'You have no default address: we do not deliver to any of these yet. Add one we deliver to and it becomes your default.';
export const notDeliveredReason = (pincode) =>
  `We do not deliver to ${pincode} yet, so this address cannot be chosen.`;

// The answer for the PIN code being typed: asked `delay` ms after it has six digits (one
// call per PIN code). { state: 'idle' | 'checking' | 'done' | 'failed', answer }.
export function usePinDelivery(pincode, check, { delay = 300 } = {}) {
  const pin = String(pincode ?? '').trim();
  const complete = Boolean(check) && PIN_SHAPE.test(pin);
  const [result, setResult] = useState({ pin: null, state: 'idle', answer: null });

  useEffect(() => {
    if (!complete) return undefined;
    let active = true;
    const timer = setTimeout(() => {
      setResult({ pin, state: 'checking', answer: null });
      deliveryOf(pin, check).then(
        (answer) => active && setResult({ pin, state: 'done', answer }),
        () => active && setResult({ pin, state: 'failed', answer: null }),
      );
    }, delay);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [pin, complete, check, delay]);

  // A result about another PIN code than the one in the field says nothing.
  return complete && result.pin === pin ? result : { state: 'idle', answer: null };
}

// The answers for saved addresses' PIN codes: { [pincode]: answer }; a PIN code not
// answered yet (or whose call failed) is missing, and counts as deliverable until known:
// the server has the last word at checkout.
export function useDeliveries(pincodes, check) {
  const wanted = [...new Set((pincodes ?? []).filter((pin) => PIN_SHAPE.test(String(pin))))]
    .map(String)
    .sort();
  const key = wanted.join(',');
  const [answers, setAnswers] = useState({});

  useEffect(() => {
    if (!check) return undefined;
    let active = true;
    key
      .split(',')
      .filter(Boolean)
      .forEach((pin) =>
        deliveryOf(pin, check).then(
          (answer) => active && setAnswers((current) => ({ ...current, [pin]: answer })),
          () => {},
        ),
      );
    return () => {
      active = false;
    };
  }, [key, check]);

  return answers;
}

// Whether an address may be chosen for an order: not when the shop is known not to
// deliver to its PIN code.
export const unserved = (answers, address) =>
  answers[String(address?.pincode)]?.serviceable === false;
