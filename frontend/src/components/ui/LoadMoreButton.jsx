// The spec's Load More button (section 2, Home): shown while fewer items are loaded than
// the total, reading 'Loading ...' (and disabled) while the next page is fetched.
export default function LoadMoreButton({ loaded, total, loading, onClick, className = '' }) {
  if (loaded >= total) return null;
  return (
    <button
      type="button"
      className={`btn btn-warning ${className}`.trim()}
      onClick={onClick}
      disabled={loading}
    >
      {loading ? 'Loading ...' : 'Load More'}
    </button>
  );
}
