// /dashboard/admin/reviews: the shoppers' reviews, 20 a page, newest first; Reported shows
// the published ones someone reported, Hidden the ones a moderator hid (the view and the
// page in the address, as the Returns queue keeps them). Hide takes a review out of the
// product's page, average and count at once; Publish brings it back. The row changes in
// place and a toast says so.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import toast from '../../lib/toast';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import { usePagedList } from '../../lib/usePagedList';
import { useFocusAfterRender } from '../../lib/useFocusAfterRender';
import Pager from '../../components/ui/Pager';
import AdminShell from '../../features/admin/AdminShell';
import ReviewsTable, { reviewStatusCellId } from '../../features/admin/reviews/ReviewsTable';
import { listReviews, setReviewStatus } from '../../features/admin/reviews/api';
import { ADMIN_REVIEWS_MESSAGES as M } from '../../features/admin/reviews/reviewsMessages';

const VIEWS = M.filters.map((f) => f.value);

export default function AdminReviewsPage() {
  usePageMeta({ title: 'Dashboard - Reviews - ShopSphere' });
  const [params, setParams] = useSearchParams();
  const status = VIEWS.includes(params.get('status')) ? params.get('status') : '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const list = usePagedList(
    (signal) => listReviews({ page, status: status || undefined }, { signal }),
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

  async function changeStatus(review, next) {
    setBusyId(review._id);
    try {
      const { data } = await setReviewStatus(review._id, next);
      const updated = { ...review, ...(data?.review ?? {}), status: data?.review?.status ?? next };
      list.setRows((rows) => rows.map((row) => (row._id === review._id ? updated : row)));
      toast.success(next === 'hidden' ? M.hidden(review.title) : M.published(review.title));
      focusLater(() => document.getElementById(reviewStatusCellId(review._id))?.focus());
    } catch (error) {
      toast.error(errorMessage(error) ?? M.failed);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <AdminShell>
      <h1 className="h2 text-center">{M.title}</h1>
      <div className="d-flex justify-content-end mb-3">
        <div>
          <label htmlFor="review-status-filter" className="form-label mb-1">
            {M.filterLabel}
          </label>
          <select
            id="review-status-filter"
            className="form-select w-auto"
            value={status}
            onChange={(event) => filter({ status: event.target.value })}
          >
            {M.filters.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
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
        <ReviewsTable reviews={list.rows} busyId={busyId} onStatus={changeStatus} />
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
