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
  const list = useApi(
    (signal) =>
      asks ? getOrderReturns(id, { signal }).then(({ data }) => data?.returns ?? NONE) : NONE,
    [id, asks],
    { initialData: NONE },
  );

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

  return {
    returns: Array.isArray(list.data) ? list.data : NONE,
    loading: asks && list.loading,
    error: list.error,
    request,
  };
}
