// A business purchase at checkout ("I have a GSTIN"): whether the shopper buys as a
// business, its GSTIN and business name, what they send with the order, and their
// errors as the server would give them (lib/gstin).
//
// address: the chosen delivery address ({ id, business }), `business` being the saved
// address's { gstin, businessName } or null. Choosing an address that keeps a GSTIN ticks
// the box and fills both in; choosing one without takes back what the last one filled in
// (not what the shopper typed).
//
// `body` is what checkout sends: { gstin, businessName } when ticked; { gstin: '' } when
// not ticked but the address keeps a GSTIN (the server would bill it otherwise:
// docs/tax.md, "Business buyers"); nothing for a consumer.
import { useRef, useState } from 'react';
import { businessErrors, normaliseGstin } from '../../lib/gstin';

export const GSTIN_MISSING = 'Enter the GSTIN, or untick “I have a GSTIN”.';

export function useBusinessBuyer(address) {
  const saved = address?.business?.gstin ? address.business : null;
  const [wanted, setWantedState] = useState(Boolean(saved));
  const [gstin, setGstinState] = useState(saved?.gstin ?? '');
  const [businessName, setNameState] = useState(saved?.businessName ?? '');
  // Values as the address filled them in, until the shopper changes one.
  const [prefilled, setPrefilled] = useState(Boolean(saved));
  const [revealed, setRevealed] = useState(false);
  const refs = useRef({});

  // Another address chosen: adjusted while rendering (React's way for state that
  // follows a prop), not in an effect.
  const key = `${address?.id ?? ''}|${saved?.gstin ?? ''}|${saved?.businessName ?? ''}`;
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    setSeen(key);
    if (saved) {
      setWantedState(true);
      setGstinState(saved.gstin);
      setNameState(saved.businessName ?? '');
      setPrefilled(true);
    } else if (prefilled) {
      setWantedState(false);
      setGstinState('');
      setNameState('');
      setPrefilled(false);
    }
  }

  const typed = (set) => (value) => {
    set(value);
    setPrefilled(false);
  };

  let errors = {};
  if (wanted) {
    errors = normaliseGstin(gstin)
      ? businessErrors({ gstin, businessName })
      : { gstin: GSTIN_MISSING };
  }

  let body = {};
  if (wanted) body = { gstin: normaliseGstin(gstin), businessName: businessName.trim() };
  else if (saved) body = { gstin: '' };

  // Shows every error and puts focus on the first field with one.
  const reveal = () => {
    setRevealed(true);
    const first = ['gstin', 'businessName'].find((name) => errors[name]);
    refs.current[first]?.focus();
  };

  return {
    wanted,
    setWanted: typed(setWantedState),
    gstin,
    setGstin: typed(setGstinState),
    businessName,
    setBusinessName: typed(setNameState),
    errors,
    revealed,
    reveal,
    valid: Object.keys(errors).length === 0,
    body,
    inputRef: (name) => (node) => {
      refs.current[name] = node;
    },
  };
}
