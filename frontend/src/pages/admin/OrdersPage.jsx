// /dashboard/admin/orders: every order, newest first, 20 a page, filtered by status and
// found by number, phone or email; each with the buyer's name, phone and email, items,
// total and date. A status changes only when the admin chooses one of the allowed moves
// and presses Update Status (an arrow key on the select changes nothing); Shipped takes a
// courier (one of the couriers on file, loaded when Shipped is first chosen, or any name)
// and its AWB; Cancelled and Returned (stock back, a credit note, a refund) ask first.
import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import toast from '../../lib/toast';
import AdminShell from '../../features/admin/AdminShell';
import ShipFields from '../../features/admin/ShipFields';
import { listCouriers } from '../../features/admin/api';
import { getAllOrders, setOrderStatus } from '../../features/orders/api';
import CancelOrderDialog from '../../features/orders/CancelOrderDialog';
import ConfirmDialog from '../../components/ui/ConfirmDialog';
import OrderCard from '../../features/orders/OrderCard';
import { ORDER_STATUSES } from '../../features/orders/orderFormat';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import { usePagedList } from '../../lib/usePagedList';
import Pager from '../../components/ui/Pager';

function StatusControl({ order, busy, couriers, onShipping, onSubmit }) {
  const id = useId();
  const options = order.nextStatuses ?? [];
  const [next, setNext] = useState('');
  const [courier, setCourier] = useState('');
  const [other, setOther] = useState(false);
  const [awb, setAwb] = useState('');
  if (options.length === 0) {
    return <p className="small text-body-secondary mb-0">This order is {order.status}: final.</p>;
  }
  return (
    <form
      className="d-flex flex-wrap align-items-end gap-2"
      aria-label={`Change the status of order #${order._id}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!next) return;
        onSubmit(next, next === 'Shipped' ? { courier: courier.trim(), awb: awb.trim() } : {});
      }}
    >
      <div>
        <label htmlFor={`${id}-status`} className="form-label small mb-1">
          New status of order #{order._id}
        </label>
        <select
          id={`${id}-status`}
          className="form-select form-select-sm w-auto"
          value={next}
          onChange={(event) => {
            setNext(event.target.value);
            if (event.target.value === 'Shipped') onShipping();
          }}
        >
          <option value="">Choose ...</option>
          {options.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      {next === 'Shipped' && (
        <ShipFields
          id={id}
          couriers={couriers}
          courier={courier}
          onCourier={setCourier}
          other={other}
          onOther={setOther}
          awb={awb}
          onAwb={setAwb}
        />
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={!next || busy}>
        Update Status
      </button>
    </form>
  );
}

function OrderSearch({ initial, onSearch }) {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      className="d-flex align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div>
        <label htmlFor="order-search" className="form-label mb-1">
          Order number, phone or email
        </label>
        <input
          id="order-search"
          type="search"
          className="form-control"
          maxLength={100}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Find
      </button>
    </form>
  );
}

export default function AdminOrdersPage() {
  usePageMeta({ title: 'Dashboard - All Orders - ShopSphere' });
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const {
    rows: orders,
    total,
    pages,
    loading,
    setRows,
  } = usePagedList(
    () => getAllOrders({ page, status: status || undefined, q: q || undefined }),
    [page, status, q],
    { onError: (error) => toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong) },
  );
  const [busy, setBusy] = useState(null);
  const [asking, setAsking] = useState(null);
  const [returning, setReturning] = useState(null);
  // The couriers on file, asked for once, when a move to Shipped is first chosen; none
  // (or a failed load) leaves the courier a text field.
  const [couriers, setCouriers] = useState([]);
  const couriersAsked = useRef(false);
  function loadCouriers() {
    if (couriersAsked.current) return;
    couriersAsked.current = true;
    listCouriers()
      .then(({ data }) => setCouriers(Array.isArray(data?.couriers) ? data.couriers : []))
      .catch((error) => {
        couriersAsked.current = false; // the next Shipped asks again
        console.error('couriers could not be loaded', error);
      });
  }

  // Filters, search and page live in the address, so a link (the dashboard's "waiting")
  // opens them and one change fetches once. A new filter or search starts at page 1.
  function filter(changes) {
    const next = new URLSearchParams(params);
    Object.entries({ page: '', ...changes }).forEach(([key, value]) =>
      value ? next.set(key, String(value)) : next.delete(key),
    );
    setParams(next, { replace: true });
  }
  const setPage = (number) => filter({ status, q, page: number > 1 ? number : '' });

  async function move(order, next, shipping) {
    setBusy(order._id);
    try {
      const { data } = await setOrderStatus(order._id, next, shipping);
      setRows((rows) => rows.map((o) => (o._id === order._id ? data.order : o)));
      toast.success(MESSAGES.orderStatusUpdated(next));
    } catch (error) {
      toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
      setAsking(null);
      setReturning(null);
    }
  }

  return (
    <AdminShell>
      <h1 className="h2 text-center">All Orders</h1>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <OrderSearch initial={q} onSearch={(text) => filter({ q: text })} />
        <div>
          <label htmlFor="order-status-filter" className="form-label mb-1">
            Filter by status
          </label>
          <select
            id="order-status-filter"
            className="form-select w-auto"
            value={status}
            onChange={(event) => filter({ status: event.target.value })}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-muted" aria-live="polite">
        {loading ? 'Loading ...' : `${total} ${total === 1 ? 'order' : 'orders'}`}
      </p>
      {!loading && orders.length === 0 && <p className="text-center text-muted">No orders.</p>}
      {orders.map((order) => (
        <OrderCard
          key={order._id}
          order={order}
          showBuyer
          actions={
            <StatusControl
              key={order.status}
              order={order}
              busy={busy === order._id}
              couriers={couriers}
              onShipping={loadCouriers}
              onSubmit={(next, shipping) => {
                if (next === 'Cancelled') setAsking(order);
                else if (next === 'Returned') setReturning(order);
                else move(order, next, shipping);
              }}
            />
          }
        />
      ))}
      <CancelOrderDialog
        order={asking}
        busy={busy !== null}
        onKeep={() => setAsking(null)}
        onCancelOrder={() => move(asking, 'Cancelled', {})}
      />
      <ConfirmDialog
        open={Boolean(returning)}
        title={returning ? MESSAGES.returnOrderTitle(returning._id) : ''}
        question={returning ? MESSAGES.returnOrderQuestion(returning._id) : ''}
        confirmLabel={MESSAGES.confirmReturnOrder}
        cancelLabel="Keep as it is"
        busy={busy !== null}
        onCancel={() => setReturning(null)}
        onConfirm={() => move(returning, 'Returned', {})}
      />
      <Pager label="Orders pages" page={page} pages={pages} busy={loading} onPage={setPage} />
    </AdminShell>
  );
}
