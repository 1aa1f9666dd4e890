// The table of the coupons and sales screens: a caption counting the rows, the column
// heads, a loading row and an empty row; a row's state as a badge; and a row's actions,
// Edit, Pause or Resume, and Delete (the page asks first), named for the row (`label`,
// the code or the name). `busy` disables the row's changes while one is on its way.
const BADGES = {
  Active: 'text-bg-success',
  Running: 'text-bg-success',
  Scheduled: 'text-bg-info',
  Ended: 'text-bg-secondary',
  Paused: 'text-bg-warning',
};

export function StatusBadge({ status }) {
  return <span className={`badge ${BADGES[status]}`}>{status}</span>;
}

export function RowActions({ label, active, busy, onEdit, onToggle, onDelete }) {
  return (
    <div className="d-flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-primary btn-sm"
        aria-label={`Edit ${label}`}
        onClick={onEdit}
      >
        Edit
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-label={`${active ? 'Pause' : 'Resume'} ${label}`}
        disabled={busy}
        onClick={onToggle}
      >
        {active ? 'Pause' : 'Resume'}
      </button>
      <button
        type="button"
        className="btn btn-danger btn-sm"
        aria-label={`Delete ${label}`}
        disabled={busy}
        onClick={onDelete}
      >
        Delete
      </button>
    </div>
  );
}

// `nouns`: [one, many] ("coupon", "coupons"); `children` the rows.
export default function PromotionTable({ columns, count, loaded, nouns, children }) {
  const [one, many] = nouns;
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <caption className="caption-top">
          {loaded ? `${count} ${count === 1 ? one : many}` : ''}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={!loaded}>
          {!loaded && (
            <tr>
              <td colSpan={columns.length}>
                <span role="status">{`Loading ${many} ...`}</span>
              </td>
            </tr>
          )}
          {loaded && count === 0 && (
            <tr>
              <td colSpan={columns.length}>{`No ${many} yet.`}</td>
            </tr>
          )}
          {children}
        </tbody>
      </table>
    </div>
  );
}
