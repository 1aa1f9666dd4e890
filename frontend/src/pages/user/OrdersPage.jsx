// /dashboard/user/orders (spec: heading 'All Orders'; decision F10): the shopper's orders,
// newest first, each with number, date, status, items, total and address, the courier and
// tracking number once shipped, and Cancel (after a confirmation) while the order has not
// shipped. With no orders the screen says so. An order awaiting its online payment offers
// Pay Now (Razorpay's window for the same Razorpay order) when its answer carries the
// Razorpay order, and Cancel; progress and failures are read out from one live region,
// and focus returns to Pay Now when the window closes unpaid. Details opens the order's
// own page (its status history).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import { useShopInfo } from '../../features/shop/useShopInfo';
import { useRazorpay } from '../../features/orders/useRazorpay';
import PaymentStatus from '../../components/PaymentStatus';
import UserShell from '../../features/auth/UserShell';
import { cancelOrder, getMyOrders } from '../../features/orders/api';
import CancelOrderDialog from '../../features/orders/CancelOrderDialog';
import OrderCard from '../../features/orders/OrderCard';
import { canCancel, canPayNow } from '../../features/orders/orderFormat';

export default function OrdersPage() {
  usePageMeta({ title: 'Your Orders - ShopSphere' });
  const [orders, setOrders] = useState(null);
  const [busy, setBusy] = useState(null);
  const [asking, setAsking] = useState(null);
  const { razorpay: settings, shop } = useShopInfo();
  const payment = useRazorpay({
    settings,
    shopName: shop?.tradeName || shop?.legalName || 'ShopSphere',
  });
  const payButtons = useRef(new Map());
  const focusLater = useFocusAfterRender();
  const replace = useCallback(
    (changed) => setOrders((list) => list.map((o) => (o._id === changed._id ? changed : o))),
    [],
  );

  function payNow(order) {
    payment.pay(
      { order, razorpay: order.razorpay },
      {
        onPaid: (paid) => {
          replace(paid ?? order);
          toast.success(MESSAGES.orderPaidNow(order._id));
        },
        onClosed: () => focusLater(() => payButtons.current.get(order._id)?.focus()),
      },
    );
  }

  useEffect(() => {
    let current = true;
    getMyOrders()
      .then(({ data }) => current && setOrders(Array.isArray(data) ? data : []))
      .catch((error) => {
        if (!current) return;
        setOrders([]);
        toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
      });
    return () => {
      current = false;
    };
  }, []);

  async function cancel(order) {
    setBusy(order._id);
    try {
      const { data } = await cancelOrder(order._id);
      replace(data.order);
      payment.reset();
      toast.success(MESSAGES.orderCancelled);
    } catch (error) {
      toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
      setAsking(null);
    }
  }

  return (
    <UserShell>
      <h1 className="text-center">All Orders</h1>
      {orders === null && (
        <p className="text-center text-muted" aria-live="polite">
          Loading ...
        </p>
      )}
      {orders?.length === 0 && <p className="text-center text-muted">{MESSAGES.noOrders}</p>}
      <PaymentStatus phase={payment.phase} detail={payment.detail} />
      {orders?.map((order) => (
        <OrderCard
          key={order._id}
          order={order}
          actions={
            <div className="d-flex flex-wrap gap-2">
              <Link
                className="btn btn-outline-primary btn-sm"
                to={paths.userOrder(order._id)}
                aria-label={`Details of order #${order._id}`}
              >
                Details
              </Link>
              {canPayNow(order, settings) && (
                <button
                  type="button"
                  className="btn btn-success btn-sm"
                  disabled={payment.busy || busy === order._id}
                  onClick={() => payNow(order)}
                  aria-label={`Pay Now for order #${order._id}`}
                  ref={(node) => {
                    if (node) payButtons.current.set(order._id, node);
                    else payButtons.current.delete(order._id);
                  }}
                >
                  Pay Now
                </button>
              )}
              {canCancel(order) && (
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  disabled={busy === order._id || payment.busy}
                  onClick={() => setAsking(order)}
                  aria-label={`Cancel order #${order._id}`}
                >
                  Cancel
                </button>
              )}
            </div>
          }
        />
      ))}
      <CancelOrderDialog
        order={asking}
        busy={busy !== null}
        onKeep={() => setAsking(null)}
        onCancelOrder={() => cancel(asking)}
      />
    </UserShell>
  );
}
