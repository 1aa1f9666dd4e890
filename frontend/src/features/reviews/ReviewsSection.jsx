// The product page's "Customer reviews": the rating summary, the signed-in shopper's own
// review (write, edit, delete) or, for a guest, a way to sign in and come back, then the
// published reviews, 10 a page, in the order chosen. Helpful and Report are for signed-in
// shoppers on others' reviews; a vote counts once (the button stays disabled after it, and
// after the server says it was already given).
//
// The public list does not say which review is the shopper's own: the one written or
// rewritten on this page is known from its answer (and from `mine` if the list answer
// carries it); a second review of the product is refused by the server with its reason.
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/apiClient';
import toast from '../../lib/toast';
import { useApi } from '../../lib/useApi';
import ConfirmDialog from '../../components/ui/ConfirmDialog';
import Pager from '../../components/ui/Pager';
import {
  createReview,
  deleteReview,
  getReviews,
  markHelpful,
  reportReview,
  updateReview,
} from './api';
import RatingSummary from './RatingSummary';
import ReviewForm from './ReviewForm';
import ReviewItem from './ReviewItem';
import { REVIEWS_MESSAGES as M } from './reviewsMessages';

const PAGE_SIZE = 10;

function pageOf(response) {
  const data = response?.data ?? {};
  const size = Number(response?.headers?.['x-page-size']) || PAGE_SIZE;
  const total = Number(data.total ?? data.rating?.count) || 0;
  return { ...data, reviews: data.reviews ?? [], pages: Math.max(1, Math.ceil(total / size)) };
}

export default function ReviewsSection({ product, signedIn, onRating }) {
  const { pathname, search } = useLocation();
  const slug = product.slug;
  const [sort, setSort] = useState('recent');
  const [page, setPage] = useState(1);
  const list = useApi(
    (signal) =>
      getReviews(slug, { page, sort }, { signal }).then((response) => {
        const found = pageOf(response);
        onRating?.(found.rating);
        return found;
      }),
    [slug, page, sort],
  );
  // The shopper's own review for this product: {slug, review}.
  const [own, setOwn] = useState(null);
  const mine = own?.slug === slug ? own.review : (list.data?.mine ?? null);
  const [mode, setMode] = useState(null); // 'write' | 'edit' | null
  const [voted, setVoted] = useState(() => new Set());
  const [reported, setReported] = useState(() => new Set());
  const [busyId, setBusyId] = useState(null);
  const [confirming, setConfirming] = useState(false);

  async function save(fields) {
    const { data } = mine ? await updateReview(mine._id, fields) : await createReview(slug, fields);
    setOwn({ slug, review: data?.review ?? { ...mine, ...fields } });
    toast.success(mine ? M.saved : M.posted);
    setMode(null);
    list.reload();
  }

  async function remove() {
    setBusyId(mine._id);
    try {
      await deleteReview(mine._id);
      setOwn({ slug, review: null });
      toast.success(M.deleted);
      list.reload();
    } catch (error) {
      toast.error(errorMessage(error) ?? M.failed);
    } finally {
      setBusyId(null);
      setConfirming(false);
    }
  }

  async function helpful(review) {
    setBusyId(review._id);
    try {
      const { data } = await markHelpful(review._id);
      list.setData((d) => ({
        ...d,
        reviews: d.reviews.map((r) =>
          r._id === review._id ? { ...r, helpful: data?.helpful ?? r.helpful + 1 } : r,
        ),
      }));
      setVoted((s) => new Set(s).add(review._id));
      toast.success(M.thanksVote);
    } catch (error) {
      // Already counted: the button stays disabled as after a vote.
      if (error?.response?.status === 409) setVoted((s) => new Set(s).add(review._id));
      toast.error(errorMessage(error) ?? M.failed);
    } finally {
      setBusyId(null);
    }
  }

  async function report(review) {
    setBusyId(review._id);
    try {
      const { data } = await reportReview(review._id);
      setReported((s) => new Set(s).add(review._id));
      toast.success(data?.message || M.reportThanks);
    } catch (error) {
      if (error?.response?.status === 409) setReported((s) => new Set(s).add(review._id));
      toast.error(errorMessage(error) ?? M.failed);
    } finally {
      setBusyId(null);
    }
  }

  const data = list.data;
  return (
    <section aria-labelledby="reviews-heading" id="reviews">
      <h2 id="reviews-heading" className="h4 mb-3">
        {M.heading}
      </h2>
      <div className="row g-4">
        <div className="col-md-4">
          {data ? <RatingSummary rating={data.rating} /> : null}
          {!signedIn ? (
            <Link
              className="btn btn-outline-primary"
              to={paths.login}
              state={{ from: pathname + search }}
            >
              {M.signInToReview}
            </Link>
          ) : mode ? (
            <ReviewForm
              key={mode}
              initial={mode === 'edit' ? mine : null}
              editing={mode === 'edit'}
              onSubmit={save}
              onCancel={() => setMode(null)}
            />
          ) : mine ? (
            <div className="border rounded p-3">
              <h3 className="h6">{M.yourReview}</h3>
              <p className="mb-1">
                <span role="img" aria-label={M.stars(mine.rating)} className="text-warning">
                  {'★'.repeat(mine.rating)}
                </span>{' '}
                <strong>{mine.title}</strong>
              </p>
              {mine.status === 'hidden' && <p className="small text-danger">{M.hiddenNote}</p>}
              <div className="d-flex gap-2">
                <button
                  type="button"
                  className="btn btn-outline-primary btn-sm"
                  onClick={() => setMode('edit')}
                >
                  {M.edit}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm"
                  onClick={() => setConfirming(true)}
                >
                  {M.delete}
                </button>
              </div>
            </div>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => setMode('write')}>
              {M.write}
            </button>
          )}
        </div>
        <div className="col-md-8">
          {data?.reviews.length > 0 && (
            <div className="d-flex justify-content-end">
              <label className="d-flex align-items-center gap-2">
                {M.sortLabel}
                <select
                  className="form-select form-select-sm w-auto"
                  value={sort}
                  onChange={(event) => {
                    setSort(event.target.value);
                    setPage(1);
                  }}
                >
                  {M.sorts.map(({ value, label }) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          )}
          {list.loading && !data && <p role="status">{M.loading}</p>}
          {list.error && !list.loading && (
            <p className="text-danger">
              {M.loadFailed}{' '}
              <button
                type="button"
                className="btn btn-link p-0 align-baseline"
                onClick={list.reload}
              >
                {M.retry}
              </button>
            </p>
          )}
          {data?.reviews.length > 0 && (
            <ul className="list-unstyled" aria-busy={list.loading}>
              {data.reviews.map((review) => (
                <ReviewItem
                  key={review._id}
                  review={review}
                  canVote={signedIn && review._id !== mine?._id}
                  voted={voted.has(review._id)}
                  reported={reported.has(review._id)}
                  busy={busyId === review._id}
                  onHelpful={helpful}
                  onReport={report}
                />
              ))}
            </ul>
          )}
          <Pager
            label={M.pagerLabel}
            page={page}
            pages={data?.pages ?? 1}
            busy={list.loading}
            onPage={setPage}
          />
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={M.deleteTitle}
        question={M.deleteQuestion}
        busy={busyId !== null}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      />
    </section>
  );
}
