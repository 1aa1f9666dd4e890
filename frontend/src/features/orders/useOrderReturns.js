// The buyer's returns and exchanges of one order: read once the order was delivered (an
// order never delivered has none, and is not asked about), and asking for a new one. A
// refusal (400/409) is thrown back to the form, which keeps what was typed and says why;
// after a request the returns and, through `onDone`, the order are read again.
import toast from '../../lib/toast';
import { useApi } from '../../lib/useApi';
import { AFTER_SALE_MESSAGES } from './afterSaleMessages';
import { mayHaveReturns } from './afterSale';
import { getOrderReturns, requestReturn } from './api';

const NONE = [];

export function useOrderReturns(order, { onDone } = {}) {
  const id = order?._id ?? null;
  const asks = Boolean(id) && mayHaveReturns(order);
  // The answer is kept with its order's id: while another order's returns load (an
  // exchange's link), the last order's are not shown as its own; while the same order's
  // load again (after a request), they stay.
  const list = useApi(
    (signal) =>
      asks
        ? getOrderReturns(id, { signal }).then(({ data }) => ({
            id,
            returns: data?.returns ?? NONE,
          }))
        : { id, returns: NONE },
    [id, asks],
    { initialData: null },
  );
  const current = list.data?.id === id ? list.data : null;

  async function request(body) {
    await requestReturn(id, body);
    toast.success(
      body.kind === 'exchange'
        ? AFTER_SALE_MESSAGES.exchangeRequested
        : AFTER_SALE_MESSAGES.returnRequested,
    );
    list.reload();
    await onDone?.();
  }

  const returns = Array.isArray(current?.returns) ? current.returns : NONE;
  return {
    returns,
    // Known once this order's returns were read (or failed to be).
    ready: !asks || Boolean(current) || Boolean(list.error),
    error: list.error,
    request,
  };
}
