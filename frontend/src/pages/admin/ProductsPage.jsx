// All Products List: every product as a row of a table (photo, name linking to its update
// screen, price, stock, category), 50 a page, found by name and sorted by stock or name.
// Search, sort and page live in the address, so the dashboard's low-stock link opens the
// table sorted by stock, and Back returns to the same page.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import toast from '../../lib/toast';
import AdminShell from '../../features/admin/AdminShell';
import { listAdminProducts } from '../../features/admin/api';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { formatPrice } from '../../lib/format';
import { usePageMeta } from '../../lib/usePageMeta';
import { usePagedList } from '../../lib/usePagedList';
import ProductImage from '../../components/ProductImage';
import Loading from '../../components/Loading';
import Pager from '../../components/ui/Pager';

const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'stock', label: 'Stock, fewest first' },
  { value: '-stock', label: 'Stock, most first' },
  { value: 'name', label: 'Name, A to Z' },
];
// The first rows are on screen at once; the photos below them load as they come near.
const EAGER_PHOTOS = 8;

function SearchForm({ initial, onSearch }) {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      className="d-flex align-items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div>
        <label htmlFor="product-search" className="form-label mb-1">
          Product name
        </label>
        <input
          id="product-search"
          type="search"
          className="form-control"
          maxLength={200}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-primary">
        Find
      </button>
    </form>
  );
}

export default function ProductsPage() {
  usePageMeta({ title: 'Dashboard - All Products - ShopSphere' });
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const sort = SORTS.some((s) => s.value === params.get('sort')) ? params.get('sort') : 'newest';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const {
    rows: products,
    total,
    pages,
    loading,
  } = usePagedList(
    (signal) =>
      listAdminProducts(
        { page, q: q || undefined, sort: sort === 'newest' ? undefined : sort },
        { signal },
      ),
    [page, q, sort],
    {
      onError: (error) => {
        console.error(error);
        toast.error(MESSAGES.productListFailed);
      },
    },
  );

  // A new search or sort starts at page 1.
  function change(changes) {
    const next = new URLSearchParams(params);
    Object.entries({ page: '', ...changes }).forEach(([key, value]) =>
      value && value !== 'newest' ? next.set(key, String(value)) : next.delete(key),
    );
    setParams(next, { replace: true });
  }
  const goTo = (number) => change({ q, sort, page: number > 1 ? number : '' });

  const results = `${total} ${total === 1 ? 'product' : 'products'}`;

  return (
    <AdminShell>
      <h1 className="h2 text-center">All Products List</h1>
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-3 mb-3">
        <SearchForm initial={q} onSearch={(text) => change({ q: text, sort })} />
        <div>
          <label htmlFor="product-sort" className="form-label mb-1">
            Sort by
          </label>
          <select
            id="product-sort"
            className="form-select w-auto"
            value={sort}
            onChange={(event) => change({ q, sort: event.target.value })}
          >
            {SORTS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-muted" aria-live="polite">
        {loading ? 'Loading ...' : results}
      </p>
      {loading && products.length === 0 ? <Loading label="Loading products ..." /> : null}
      {!loading && total === 0 ? <p>{MESSAGES.noProducts}</p> : null}
      {products.length > 0 && (
        <div className={`table-responsive${loading ? ' opacity-50' : ''}`} aria-busy={loading}>
          <table className="table align-middle admin-products-table">
            <caption className="visually-hidden">
              Products, {SORTS.find((s) => s.value === sort).label.toLowerCase()}, page {page} of{' '}
              {pages}
            </caption>
            <thead>
              <tr>
                <th scope="col">Photo</th>
                <th scope="col">Name</th>
                <th scope="col" className="text-end">
                  Price
                </th>
                <th scope="col" className="text-end">
                  Stock
                </th>
                <th scope="col">Category</th>
              </tr>
            </thead>
            <tbody>
              {products.map((product, index) => (
                <tr key={product._id}>
                  <td>
                    <ProductImage
                      product={product}
                      width={64}
                      height={48}
                      sizes="64px"
                      lazy={index >= EAGER_PHOTOS}
                      className="rounded"
                      style={{ objectFit: 'cover' }}
                    />
                  </td>
                  <td>
                    <Link to={paths.adminProduct(product.slug)}>{product.name}</Link>
                  </td>
                  <td className="text-end">{formatPrice(product.price)}</td>
                  <td className={`text-end ${product.quantity === 0 ? 'text-danger fw-bold' : ''}`}>
                    {product.quantity}
                  </td>
                  <td>{product.category?.name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Products pages" page={page} pages={pages} busy={loading} onPage={goTo} />
    </AdminShell>
  );
}
