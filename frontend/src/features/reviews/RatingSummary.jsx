// A product's rating over its published reviews: the average, how many, and a bar per star
// (5 to 1) from the histogram, each bar also said in words.
import { REVIEWS_MESSAGES as M } from './reviewsMessages';

export default function RatingSummary({ rating }) {
  const count = rating?.count ?? 0;
  if (!count) return <p>{M.noReviews}</p>;
  const histogram = rating.histogram ?? {};
  return (
    <div className="rating-summary mb-3">
      <p className="mb-1">
        <span className="fs-3 fw-bold">
          <span className="text-warning" aria-hidden="true">
            ★{' '}
          </span>
          {M.average(rating.average)}
        </span>{' '}
        <span className="text-body-secondary">({M.count(count)})</span>
      </p>
      <ul className="list-unstyled mb-0" aria-label={M.distribution}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const n = Number(histogram[String(stars)]) || 0;
          const share = Math.round((n / count) * 100);
          return (
            <li key={stars} className="d-flex align-items-center gap-2 small">
              <span className="visually-hidden">{M.bar(stars, n)}</span>
              <span aria-hidden="true" className="text-nowrap" style={{ width: '3.5rem' }}>
                {stars} ★
              </span>
              <span
                aria-hidden="true"
                className="progress flex-grow-1"
                style={{ height: '0.6rem' }}
              >
                <span className="progress-bar bg-warning" style={{ width: `${share}%` }} />
              </span>
              <span aria-hidden="true" className="text-end" style={{ width: '2.5rem' }}>
                {n}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
