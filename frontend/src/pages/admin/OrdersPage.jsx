// /dashboard/admin/orders: every order, newest first, 20 a page, filtered by status; each
// with buyer, items, total and date, and a status select offering only the allowed moves.
import { useEffect, useState } from 'react';
import toast from '../../lib/toast';
import AdminShell from '../../features/admin/AdminShell';
import { getAllOrders, setOrderStatus } from '../../features/orders/api';
import OrderCard from '../../features/orders/OrderCard';
import { ORDER_STATUSES, ORDERS_PER_PAGE } from '../../features/orders/orderFormat';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';

function StatusSelect({ order, disabled, onChange }) {
  const options = [order.status, ...(order.nextStatuses ?? [])];
  const id = `status-${order._id}`;
  return (
    <div className="d-flex align-items-center gap-2">
      <label htmlFor={id} className="form-label mb-0">
        Status of order #{order._id}
      </label>
      <select
        id={id}
        className="form-select form-select-sm w-auto"
        value={order.status}
        disabled={disabled || options.length === 1}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function AdminOrdersPage() {
  usePageMeta({ title: 'Dashboard - All Orders - ShopSphere' });
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const [result, setResult] = useState({ orders: [], total: 0, loading: true });
  const [busy, setBusy] = useState(null);

  useEffect(() => {
    let current = true;
    getAllOrders({ page, status: status || undefined })
      .then(({ data, headers }) => {
        if (!current) return;
        const total = Number(headers?.['x-total-count']);
        const orders = Array.isArray(data) ? data : [];
        setResult({
          orders,
          total: Number.isFinite(total) ? total : orders.length,
          loading: false,
        });
      })
      .catch((error) => {
        if (!current) return;
        setResult((r) => ({ ...r, loading: false }));
        toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
      });
    return () => {
      current = false;
    };
  }, [page, status]);

  async function move(order, next) {
    setBusy(order._id);
    try {
      const { data } = await setOrderStatus(order._id, next);
      setResult((r) => ({
        ...r,
        orders: r.orders.map((o) => (o._id === order._id ? data.order : o)),
      }));
      toast.success(MESSAGES.orderStatusUpdated(next));
    } catch (error) {
      toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong);
    } finally {
      setBusy(null);
    }
  }

  const { orders, total, loading } = result;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PER_PAGE));

  return (
    <AdminShell>
      <h1 className="h2 text-center">All Orders</h1>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <p className="text-muted mb-0" aria-live="polite">
          {loading ? 'Loading ...' : `${total} ${total === 1 ? 'order' : 'orders'}`}
        </p>
        <div className="d-flex align-items-center gap-2">
          <label htmlFor="order-status-filter" className="form-label mb-0">
            Filter by status
          </label>
          <select
            id="order-status-filter"
            className="form-select w-auto"
            value={status}
            onChange={(event) => {
              setResult((r) => ({ ...r, loading: true }));
              setPage(1);
              setStatus(event.target.value);
            }}
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
      {!loading && orders.length === 0 && <p className="text-center text-muted">No orders.</p>}
      {orders.map((order) => (
        <OrderCard
          key={order._id}
          order={order}
          showBuyer
          actions={
            <StatusSelect
              order={order}
              disabled={busy === order._id}
              onChange={(next) => move(order, next)}
            />
          }
        />
      ))}
      {pages > 1 && (
        <nav aria-label="Orders pages" className="d-flex align-items-center gap-3">
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={page <= 1 || loading}
            onClick={() => setPage((p) => p - 1)}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={page >= pages || loading}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </button>
        </nav>
      )}
    </AdminShell>
  );
}
