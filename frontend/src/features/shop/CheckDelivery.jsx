// "Check Delivery" on the product page: a PIN code and Check, answered by the delivery
// call (whether the shop delivers there, and with cash on delivery). The PIN checked is
// remembered on this device and checked again on the next product page.
import { useEffect, useId, useRef, useState } from 'react';
import { MESSAGES } from '../../constants/messages';
import { DELIVERY_PIN_KEY } from '../../constants/storageKeys';
import { errorMessage } from '../../lib/apiClient';
import { readJSON, writeJSON } from '../../lib/storage';
import { checkDelivery } from './api';

function resultText(data, pin) {
  if (!data?.serviceable) return { ok: false, text: MESSAGES.notDelivered(pin) };
  return { ok: Boolean(data.cod), text: MESSAGES.deliversTo(data.city, data.state, data.cod) };
}

export default function CheckDelivery() {
  const id = useId();
  const [pin, setPin] = useState(() => {
    const stored = readJSON(DELIVERY_PIN_KEY, '');
    return typeof stored === 'string' ? stored : '';
  });
  // { tone: 'success' | 'warning' | 'danger', text } or null; `busy` while asking.
  const [result, setResult] = useState(null);
  const [busy, setBusy] = useState(false);
  const asked = useRef(0);

  async function check(value) {
    const wanted = value.trim();
    if (!wanted) {
      setResult({ tone: 'danger', text: MESSAGES.fieldRequired('PIN code') });
      return;
    }
    const call = ++asked.current;
    setBusy(true);
    try {
      const { data } = await checkDelivery(wanted);
      if (call !== asked.current) return;
      const { ok, text } = resultText(data, wanted);
      setResult({ tone: data?.serviceable ? (ok ? 'success' : 'warning') : 'danger', text });
      writeJSON(DELIVERY_PIN_KEY, wanted);
    } catch (error) {
      if (call !== asked.current) return;
      if (!errorMessage(error)) console.error('delivery check failed', error);
      setResult({ tone: 'danger', text: errorMessage(error) ?? MESSAGES.somethingWentWrong });
    } finally {
      if (call === asked.current) setBusy(false);
    }
  }

  // A PIN remembered from an earlier product is checked at once.
  useEffect(() => {
    if (pin) check(pin);
    // Only on arrival: later checks follow the button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const COLOURS = {
    success: 'text-success',
    warning: 'text-warning-emphasis',
    danger: 'text-danger',
  };
  return (
    <form
      className="check-delivery card card-body mb-3"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        check(pin);
      }}
      noValidate
    >
      <h2 id={`${id}-title`} className="h6 mb-2">
        Check Delivery
      </h2>
      <div className="d-flex flex-wrap align-items-end gap-2">
        <div>
          <label htmlFor={`${id}-pin`} className="form-label small mb-1">
            PIN code
          </label>
          <input
            id={`${id}-pin`}
            className="form-control"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            size={8}
            value={pin}
            aria-describedby={result ? `${id}-result` : undefined}
            onChange={(event) => setPin(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-outline-primary" disabled={busy}>
          Check
        </button>
      </div>
      <p
        id={`${id}-result`}
        className={`small mt-2 mb-0 ${result ? COLOURS[result.tone] : ''}`}
        aria-live="polite"
        data-testid="delivery-result"
      >
        {busy ? 'Checking ...' : (result?.text ?? '')}
      </p>
    </form>
  );
}
