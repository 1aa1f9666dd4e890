// Previous / "Page N of M" / Next under the admin's paged lists (products, orders, users).
// Shown only when there is more than one page; both buttons wait while a page loads.
export default function Pager({ label, page, pages, busy, onPage }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center gap-3">
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={page <= 1 || busy}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span>
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn-outline-secondary"
        disabled={page >= pages || busy}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
