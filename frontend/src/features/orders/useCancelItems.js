// Cancelling some units of an order before it ships (contract, "Cancelling part of an
// order"): the dialog's state and the one call. On a refusal the dialog stays open with
// the buyer's choice and the server's sentence (inline and as a toast); on success it
// closes, says how many items went, and `onDone` reads the order again.
import { useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { AFTER_SALE_MESSAGES } from './afterSaleMessages';
import { cancelOrder } from './api';

export function useCancelItems(order, { onDone } = {}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);

  function start() {
    setError(null);
    setOpen(true);
  }

  function close() {
    if (busy) return;
    setError(null);
    setOpen(false);
  }

  // lines: [{_id: lineId, quantity}], quantities above 0 only.
  async function confirm(lines) {
    setBusy(true);
    setError(null);
    try {
      await cancelOrder(order._id, lines);
      const count = lines.reduce((sum, line) => sum + line.quantity, 0);
      toast.success(AFTER_SALE_MESSAGES.itemsCancelled(count));
      setOpen(false);
      await onDone?.();
    } catch (failure) {
      const text = errorMessage(failure) ?? MESSAGES.somethingWentWrong;
      setError(text);
      toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  return { open, busy, error, start, close, confirm };
}
