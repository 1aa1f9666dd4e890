// /dashboard/user/orders (spec: heading 'All Orders'; decision F10): the shopper's orders,
// newest first, each with number, date, status, items, total and address, the courier and
// tracking number once shipped, and Cancel (after a confirmation) while the order has not
// shipped. With no orders the screen says so.
import { useEffect, useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import UserShell from '../../features/auth/UserShell';
import { cancelOrder, getMyOrders } from '../../features/orders/api';
import CancelOrderDialog from '../../features/orders/CancelOrderDialog';
import OrderCard from '../../features/orders/OrderCard';
import { canCancel } from '../../features/orders/orderFormat';

export default function OrdersPage() {
  usePageMeta({ title: 'Your Orders - ShopSphere' });
  const [orders, setOrders] = useState(null);
  const [busy, setBusy] = useState(null);
  const [asking, setAsking] = useState(null);

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
      setOrders((list) => list.map((o) => (o._id === order._id ? data.order : o)));
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
      {orders?.map((order) => (
        <OrderCard
          key={order._id}
          order={order}
          actions={
            canCancel(order) ? (
              <button
                type="button"
                className="btn btn-outline-danger btn-sm"
                disabled={busy === order._id}
                onClick={() => setAsking(order)}
                aria-label={`Cancel order #${order._id}`}
              >
                Cancel
              </button>
            ) : null
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
