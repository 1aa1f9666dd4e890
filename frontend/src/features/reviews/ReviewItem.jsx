// One published review: its stars, title, author ("Verified buyer" when the reviewer had
// the product delivered), date, body (plain text: React writes it as text, line breaks
// kept by CSS), and for a signed-in shopper who did not write it, Helpful (n) (pressed
// once: disabled after) and Report.
import { REVIEWS_MESSAGES as M } from './reviewsMessages';

export const reviewDate = (iso) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
};

export default function ReviewItem({
  review,
  canVote,
  voted,
  reported,
  busy,
  onHelpful,
  onReport,
}) {
  return (
    <li className="border-bottom py-3" data-testid={`review-${review._id}`}>
      <p className="mb-1">
        <span className="text-warning" role="img" aria-label={M.stars(review.rating)}>
          {'★'.repeat(review.rating)}
          <span className="text-body-tertiary">{'★'.repeat(5 - review.rating)}</span>
        </span>{' '}
        <strong className="review-title">{review.title}</strong>
      </p>
      <p className="small text-body-secondary mb-1">
        {M.by(review.author, reviewDate(review.createdAt))}
        {review.verified && <span className="badge text-bg-success ms-2">{M.verified}</span>}
      </p>
      <p className="review-body mb-2" style={{ whiteSpace: 'pre-line' }}>
        {review.body}
      </p>
      {canVote ? (
        <div className="d-flex align-items-center gap-3">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={M.helpfulLabel(review.helpful, review.title)}
            aria-pressed={voted}
            disabled={voted || busy}
            onClick={() => onHelpful(review)}
          >
            {M.helpful(review.helpful)}
          </button>
          {reported ? (
            <span className="small text-body-secondary">{M.reported}</span>
          ) : (
            <button
              type="button"
              className="btn btn-link btn-sm p-0 text-body-secondary"
              aria-label={M.reportLabel(review.title)}
              disabled={busy}
              onClick={() => onReport(review)}
            >
              {M.report}
            </button>
          )}
        </div>
      ) : (
        review.helpful > 0 && (
          <p className="small text-body-secondary mb-0">{M.foundHelpful(review.helpful)}</p>
        )
      )}
    </li>
  );
}
