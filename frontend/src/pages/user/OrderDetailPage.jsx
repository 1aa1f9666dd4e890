// /dashboard/user/orders/:id: one order of the shopper's, everything the card shows
// (lines with their options, quantity and price, tax, delivery, total, payment with its
// id and refund, the address, courier and tracking number, invoice and credit note) and
// its status history. Pay Now while it awaits its online payment; Cancel, after the
// confirmation, while the server allows it. An order that is not the shopper's reads as
// not found, as the server answers.
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/usePageMeta';
import Loading from '../../components/Loading';
import UserShell from '../../features/auth/UserShell';
import CancelOrderDialog from '../../features/orders/CancelOrderDialog';
import OrderCard from '../../features/orders/OrderCard';
import PaymentStatus from '../../components/PaymentStatus';
import StatusHistory from '../../features/orders/StatusHistory';
import { canCancel, canPayNow } from '../../features/orders/orderFormat';
import { NOT_FOUND, useOrderPage } from './useOrderPage';

// Why an order page has no order: not the caller's (or no such order), or what failed.
export function OrderProblem({ error }) {
  if (!error) return null;
  if (error === NOT_FOUND) {
    return (
      <p className="alert alert-warning" role="alert">
        Order not found
      </p>
    );
  }
  return (
    <p className="alert alert-danger" role="alert">
      {error}
    </p>
  );
}

export function OrderActions({ page, allowCancel = true }) {
  const { order, settings, payment, payButton, payNow, cancelling, setAsking } = page;
  const pay = canPayNow(order, settings);
  const cancel = allowCancel && canCancel(order);
  if (!pay && !cancel) return null;
  return (
    <div className="d-flex flex-wrap gap-2">
      {pay && (
        <button
          type="button"
          className="btn btn-success btn-sm"
          disabled={payment.busy || cancelling}
          onClick={payNow}
          ref={payButton}
        >
          Pay Now
        </button>
      )}
      {cancel && (
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={payment.busy || cancelling}
          onClick={() => setAsking(true)}
          aria-label={`Cancel order #${order._id}`}
        >
          Cancel
        </button>
      )}
    </div>
  );
}

export function OrderCancelDialog({ page }) {
  return (
    <CancelOrderDialog
      order={page.asking ? page.order : null}
      busy={page.cancelling}
      onKeep={() => page.setAsking(false)}
      onCancelOrder={page.cancel}
    />
  );
}

export default function OrderDetailPage() {
  const { id } = useParams();
  usePageMeta({ title: `Order #${id} - ShopSphere` });
  const page = useOrderPage(id);
  const { order, loading, error, payment } = page;

  return (
    <UserShell>
      <p className="mb-2">
        <Link to={paths.userOrders}>&larr; All Orders</Link>
      </p>
      <h1 className="h3 mb-3">Order #{id}</h1>
      {loading && <Loading />}
      <OrderProblem error={error} />
      <PaymentStatus phase={payment.phase} detail={payment.detail} />
      {order && (
        <>
          <OrderCard order={order} actions={<OrderActions page={page} />} />
          <StatusHistory history={order.statusHistory} />
          <OrderCancelDialog page={page} />
        </>
      )}
    </UserShell>
  );
}
