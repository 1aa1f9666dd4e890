// The admin's reviews as a table: the product (a link to its page), the author (and the
// account's email), the stars, the title and the start of the text (plain text, as
// written), how many shoppers reported it, its status, and Hide or Publish. A row's status
// cell takes the focus after a change (the button pressed has changed by then).
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { preview } from '../../../lib/format';
import { ADMIN_REVIEWS_MESSAGES as M } from './reviewsMessages';

export const EXCERPT_LENGTH = 80;

export const reviewStatusCellId = (id) => `review-status-${id}`;

export const reportsOf = (review) => Number(review.reported ?? review.reports ?? 0) || 0;

export default function ReviewsTable({ reviews, busyId, onStatus }) {
  return (
    <div className="table-responsive">
      <table className="table align-top">
        <caption className="visually-hidden">{M.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{M.colProduct}</th>
            <th scope="col">{M.colAuthor}</th>
            <th scope="col">{M.colRating}</th>
            <th scope="col">{M.colTitle}</th>
            <th scope="col">{M.colExcerpt}</th>
            <th scope="col">{M.colReports}</th>
            <th scope="col">{M.colStatus}</th>
            <th scope="col">{M.colActions}</th>
          </tr>
        </thead>
        <tbody>
          {reviews.map((review) => {
            const hidden = review.status === 'hidden';
            const action = hidden ? M.publish : M.hide;
            const reports = reportsOf(review);
            return (
              <tr key={review._id} data-testid={`admin-review-${review._id}`}>
                <td>
                  {review.product?.slug ? (
                    <Link to={paths.product(review.product.slug)}>{review.product.name}</Link>
                  ) : (
                    review.product?.name
                  )}
                </td>
                <td>
                  {review.author}
                  {review.user?.email && (
                    <div className="small text-body-secondary">{review.user.email}</div>
                  )}
                  {review.verified && (
                    <div>
                      <span className="badge text-bg-success">{M.verified}</span>
                    </div>
                  )}
                </td>
                <td>
                  <span role="img" aria-label={M.stars(review.rating)} className="text-nowrap">
                    {'★'.repeat(review.rating)}
                  </span>
                </td>
                <th scope="row" className="fw-normal">
                  {review.title}
                </th>
                <td className="small">{preview(review.body, EXCERPT_LENGTH)}</td>
                <td className={reports > 0 ? 'fw-bold text-danger' : ''}>{reports}</td>
                <td id={reviewStatusCellId(review._id)} tabIndex={-1}>
                  <span className={`badge ${hidden ? 'text-bg-secondary' : 'text-bg-success'}`}>
                    {M.statuses[review.status] ?? review.status}
                  </span>
                </td>
                <td>
                  <button
                    type="button"
                    className={`btn btn-sm ${hidden ? 'btn-outline-success' : 'btn-outline-danger'}`}
                    aria-label={M.actionLabel(action, review.title)}
                    disabled={busyId === review._id}
                    onClick={() => onStatus(review, hidden ? 'published' : 'hidden')}
                  >
                    {action}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
