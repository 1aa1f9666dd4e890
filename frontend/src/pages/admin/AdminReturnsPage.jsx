// /dashboard/admin/returns: the buyers' returns and exchanges, newest first, 20 a page,
// filtered by status (both in the address, as All Orders keeps them), each moved on by
// the buttons its state allows (features/admin/returns). A move changes the row in place
// and says so; a refusal stays in the row (ReturnActions). The refund of a cash-on-delivery
// order needs the UPI or bank reference: the order's payment method is read when the
// admin opens the refund (the orders feature's call, composed here).
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import toast from '../../lib/toast';
import AdminShell from '../../features/admin/AdminShell';
import ReturnsTable, {
  RETURN_STATUSES as STATUSES,
  statusCellId,
} from '../../features/admin/returns/ReturnsTable';
import { listReturns, setReturnStatus } from '../../features/admin/returns/api';
import { RETURNS_MESSAGES as M } from '../../features/admin/returns/returnsMessages';
import { getOrder } from '../../features/orders/api';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import { usePagedList } from '../../lib/usePagedList';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import Pager from '../../components/ui/Pager';

const paymentOf = (orderId) =>
  getOrder(orderId).then(({ data }) => data?.order?.payment?.method ?? null);

export default function AdminReturnsPage() {
  usePageMeta({ title: 'Dashboard - Returns - ShopSphere' });
  const [params, setParams] = useSearchParams();
  const status = STATUSES.includes(params.get('status')) ? params.get('status') : '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const list = usePagedList(
    (signal) => listReturns({ page, status: status || undefined }, { signal }),
    [page, status],
    { onError: (error) => toast.error(errorMessage(error) ?? M.loadFailed) },
  );
  const [busyId, setBusyId] = useState(null);
  const focusLater = useFocusAfterRender();

  function filter(changes) {
    const next = new URLSearchParams(params);
    Object.entries({ page: '', ...changes }).forEach(([key, value]) =>
      value ? next.set(key, String(value)) : next.delete(key),
    );
    setParams(next, { replace: true });
  }

  // Throws the refusal back to the row, which shows it and keeps what was typed.
  async function move(ret, next, { note, refundReference }) {
    setBusyId(ret._id);
    try {
      const { data } = await setReturnStatus(ret._id, { status: next, note, refundReference });
      const updated = data?.return ?? { ...ret, status: next };
      list.setRows((rows) => rows.map((row) => (row._id === ret._id ? updated : row)));
      toast.success(data?.message || M.moved(ret._id, updated.status));
      focusLater(() => document.getElementById(statusCellId(ret._id))?.focus());
    } finally {
      setBusyId(null);
    }
  }

  return (
    <AdminShell>
      <h1 className="h2 text-center">{M.title}</h1>
      <div className="d-flex justify-content-end mb-3">
        <div>
          <label htmlFor="return-status-filter" className="form-label mb-1">
            {M.filterLabel}
          </label>
          <select
            id="return-status-filter"
            className="form-select w-auto"
            value={status}
            onChange={(event) => filter({ status: event.target.value })}
          >
            <option value="">{M.allStatuses}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-muted" aria-live="polite">
        {list.loading ? M.loading : M.count(list.total)}
      </p>
      {list.error && !list.loading && (
        <p className="alert alert-danger" role="alert">
          {errorMessage(list.error) ?? M.loadFailed}
        </p>
      )}
      {!list.loading && !list.error && list.rows.length === 0 && (
        <p className="text-center text-muted">{M.none}</p>
      )}
      {list.rows.length > 0 && (
        <ReturnsTable returns={list.rows} busyId={busyId} onMove={move} paymentOf={paymentOf} />
      )}
      <Pager
        label={M.pagerLabel}
        page={page}
        pages={list.pages}
        busy={list.loading}
        onPage={(number) => filter({ status, page: number > 1 ? number : '' })}
      />
    </AdminShell>
  );
}
