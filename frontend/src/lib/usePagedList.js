// The admin lists (all orders, users, products) answer one shape: a bare JSON list of one
// page, `X-Total-Count` (matching items, all pages) and `X-Page-Size` (items a page).
// usePagedList(fetchPage, deps) loads one page through useApi: fetchPage(signal) sends the
// call; the answer is { rows, total, pages } for components/ui/Pager.
import { useApi } from './useApi';

export function pageOf(response) {
  const rows = Array.isArray(response?.data) ? response.data : [];
  const total = Number(response?.headers?.['x-total-count']);
  const size = Number(response?.headers?.['x-page-size']);
  const known = Number.isFinite(total) ? total : rows.length;
  const pages = size > 0 ? Math.ceil(known / size) : 1;
  return { rows, total: known, pages: Math.max(1, pages) };
}

const EMPTY = { rows: [], total: 0, pages: 1 };

export function usePagedList(fetchPage, deps, options) {
  const list = useApi((signal) => fetchPage(signal).then(pageOf), deps, {
    ...options,
    initialData: EMPTY,
  });
  const setRows = (change) => list.setData((d) => ({ ...d, rows: change(d.rows) }));
  return { ...list, ...list.data, setRows };
}
