// /dashboard/user/orders/:id: one order of the shopper's, everything the card shows
// (lines with their options, quantity and price, cancelled units, tax, delivery, total,
// payment with its id and refund, the address, the shipment with its tracking link and
// expected day, invoice and credit notes), then after the sale: "Return or exchange"
// while the return window is open, the order's returns, and the timeline (placed,
// shipped, delivered, each return's steps). Pay Now while it awaits its online payment;
// Cancel, after the confirmation, while the server allows it, and Cancel items (some
// units of some lines) before it ships. An order that is not the shopper's reads as not
// found, as the server answers.
import { useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/usePageMeta';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import Loading from '../../components/Loading';
import UserShell from '../../features/auth/UserShell';
import CancelOrderDialog from '../../features/orders/CancelOrderDialog';
import CancelItemsDialog from '../../features/orders/CancelItemsDialog';
import OrderCard from '../../features/orders/OrderCard';
import OrderTimeline from '../../features/orders/OrderTimeline';
import ReturnSection from '../../features/orders/ReturnSection';
import ReturnsList from '../../features/orders/ReturnsList';
import PaymentStatus from '../../components/PaymentStatus';
import { AFTER_SALE_MESSAGES } from '../../features/orders/afterSaleMessages';
import { canCancelItems } from '../../features/orders/afterSale';
import { canCancel, canPayNow } from '../../features/orders/orderFormat';
import { useCancelItems } from '../../features/orders/useCancelItems';
import { useOrderReturns } from '../../features/orders/useOrderReturns';
import { getProduct } from '../../features/catalog/api';
import { useShopInfo } from '../../features/shop/useShopInfo';
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

// `cancelItems` (the order page's useCancelItems) adds Cancel items before shipping.
export function OrderActions({ page, allowCancel = true, cancelItems = null }) {
  const { order, settings, payment, payButton, payNow, cancelling, setAsking } = page;
  const pay = canPayNow(order, settings);
  const cancel = allowCancel && canCancel(order);
  const some = Boolean(cancelItems) && canCancelItems(order);
  if (!pay && !cancel && !some) return null;
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
      {some && (
        <button
          type="button"
          className="btn btn-outline-danger btn-sm"
          disabled={payment.busy || cancelling || cancelItems.busy}
          onClick={cancelItems.start}
          aria-label={AFTER_SALE_MESSAGES.cancelItemsLabel(order._id)}
        >
          {AFTER_SALE_MESSAGES.cancelItems}
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

// The product of an exchange, read by its slug (the catalogue's call).
const loadProduct = (slug) => getProduct(slug).then(({ data }) => data?.product ?? null);

export default function OrderDetailPage() {
  const { id } = useParams();
  usePageMeta({ title: `Order #${id} - ShopSphere` });
  const page = useOrderPage(id);
  const { order, loading, error, payment } = page;
  const { shop } = useShopInfo();
  const heading = useRef(null);
  const focusLater = useFocusAfterRender();
  // The dialog gives the focus back to Cancel items; when nothing is left to cancel one by
  // one that button is gone after the order is read again, and the focus goes to the title.
  const cancelItems = useCancelItems(order, {
    onDone: async () => {
      await page.reload();
      focusLater(() => {
        const active = document.activeElement;
        if (!active || active === document.body || !active.isConnected) heading.current?.focus();
      });
    },
  });
  const returns = useOrderReturns(order, { onDone: page.reload });

  return (
    <UserShell>
      <p className="mb-2">
        <Link to={paths.userOrders}>&larr; All Orders</Link>
      </p>
      <h1 className="h3 mb-3" tabIndex={-1} ref={heading}>
        Order #{id}
      </h1>
      {loading && <Loading />}
      <OrderProblem error={error} />
      <PaymentStatus phase={payment.phase} detail={payment.detail} />
      {order && (
        <>
          <OrderCard
            order={order}
            actions={<OrderActions page={page} cancelItems={cancelItems} />}
          />
          {returns.ready && (
            <ReturnSection
              order={order}
              returns={returns.returns}
              windowDays={shop?.returnWindowDays}
              loadProduct={loadProduct}
              onRequest={returns.request}
            />
          )}
          <ReturnsList returns={returns.returns} error={returns.error} />
          <OrderTimeline order={order} returns={returns.returns} />
          <OrderCancelDialog page={page} />
          <CancelItemsDialog
            order={order}
            open={cancelItems.open}
            busy={cancelItems.busy}
            error={cancelItems.error}
            onClose={cancelItems.close}
            onConfirm={cancelItems.confirm}
          />
        </>
      )}
    </UserShell>
  );
}
