// What the order detail and confirmation pages share: the order read from GET
// /orders/{id} (with its status history), and its two actions, Pay Now (an order still
// awaiting its online payment) and Cancel (after the confirmation dialog). After either,
// the order is read again so the history shows the move (`reload` does so after the order
// page's other moves: items cancelled, a return asked for).
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { useShopInfo } from '../../features/shop/useShopInfo';
import { useRazorpay } from '../../features/orders/useRazorpay';
import { cancelOrder, getOrder } from '../../features/orders/api';

export const NOT_FOUND = 'notFound';

export function useOrderPage(id) {
  const [state, setState] = useState({ id: null, order: null, error: null });
  const [asking, setAsking] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const { razorpay: settings, shop } = useShopInfo();
  const payment = useRazorpay({
    settings,
    shopName: shop?.tradeName || shop?.legalName || 'ShopSphere',
  });
  const payButton = useRef(null);
  const focusLater = useFocusAfterRender();
  const live = useRef(true);

  const load = useCallback(async () => {
    try {
      const { data } = await getOrder(id);
      if (live.current) setState({ id, order: data?.order ?? null, error: null });
    } catch (error) {
      if (!live.current) return;
      const missing = [400, 404].includes(error?.response?.status);
      setState({
        id,
        order: null,
        error: missing ? NOT_FOUND : (errorMessage(error) ?? MESSAGES.somethingWentWrong),
      });
    }
  }, [id]);

  useEffect(() => {
    live.current = true;
    load();
    return () => {
      live.current = false;
    };
  }, [load]);

  const order = state.id === id ? state.order : null;

  function payNow() {
    payment.pay(
      { order, razorpay: order.razorpay },
      {
        onPaid: () => {
          toast.success(MESSAGES.orderPaidNow(order._id));
          load();
        },
        onClosed: () => focusLater(() => payButton.current?.focus()),
      },
    );
  }

  async function cancel() {
    setCancelling(true);
    try {
      await cancelOrder(order._id);
      payment.reset();
      toast.success(MESSAGES.orderCancelled);
      await load();
    } catch (error) {
      toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    } finally {
      setCancelling(false);
      setAsking(false);
    }
  }

  return {
    order,
    loading: state.id !== id,
    error: state.id === id ? state.error : null,
    settings,
    payment,
    payButton,
    payNow,
    asking,
    setAsking,
    cancelling,
    cancel,
    reload: load,
  };
}
