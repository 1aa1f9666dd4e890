// Number of pages for `total` products when the server serves `pageSize` a page.
export function pageCount(total, pageSize) {
  if (!total || !pageSize) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}
