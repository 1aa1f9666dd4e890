// The coupons table of the admin panel: code, what it takes off (and on what conditions),
// its window, uses against the limit, what it has given, its state, and per row Edit,
// Pause or Resume, and Delete (the page asks first). `busyId` is the coupon being changed.
import { formatPrice } from '../../lib/format';
import { conditionsText, couponStatus, discountText, usageText, windowText } from './coupons';

const BADGES = {
  Active: 'text-bg-success',
  Scheduled: 'text-bg-info',
  Ended: 'text-bg-secondary',
  Paused: 'text-bg-warning',
};

export default function CouponTable({ coupons, loaded, busyId, onEdit, onToggle, onDelete }) {
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <caption className="caption-top">
          {loaded ? `${coupons.length} ${coupons.length === 1 ? 'coupon' : 'coupons'}` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Discount</th>
            <th scope="col">Window</th>
            <th scope="col">Used / limit</th>
            <th scope="col">Discount given</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody aria-busy={!loaded}>
          {!loaded && (
            <tr>
              <td colSpan={7}>
                <span role="status">Loading coupons ...</span>
              </td>
            </tr>
          )}
          {loaded && coupons.length === 0 && (
            <tr>
              <td colSpan={7}>No coupons yet.</td>
            </tr>
          )}
          {coupons.map((coupon) => {
            const conditions = conditionsText(coupon, formatPrice);
            const status = couponStatus(coupon);
            return (
              <tr key={coupon._id}>
                <th scope="row">
                  <code className="fs-6">{coupon.code}</code>
                </th>
                <td>
                  {discountText(coupon, formatPrice)}
                  {conditions && <div className="small text-body-secondary">{conditions}</div>}
                </td>
                <td className="small">{windowText(coupon)}</td>
                <td>{usageText(coupon)}</td>
                <td>{formatPrice(coupon.discountGiven ?? 0)}</td>
                <td>
                  <span className={`badge ${BADGES[status]}`}>{status}</span>
                </td>
                <td>
                  <div className="d-flex flex-wrap gap-1">
                    <button
                      type="button"
                      className="btn btn-primary btn-sm"
                      aria-label={`Edit ${coupon.code}`}
                      onClick={() => onEdit(coupon)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      aria-label={`${coupon.active ? 'Pause' : 'Resume'} ${coupon.code}`}
                      disabled={busyId === coupon._id}
                      onClick={() => onToggle(coupon)}
                    >
                      {coupon.active ? 'Pause' : 'Resume'}
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger btn-sm"
                      aria-label={`Delete ${coupon.code}`}
                      disabled={busyId === coupon._id}
                      onClick={() => onDelete(coupon)}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
