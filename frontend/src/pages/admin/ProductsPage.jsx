// All Products List: every product as a card linking to its update screen. Pages of the
// product list are appended by Load More until the count is reached, so none is out of reach.
import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import AdminShell from '../../features/admin/AdminShell';
import { photoSrc } from '../../features/admin/format';
import { getProductCount, getProductList } from '../../features/catalog/api';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { usePageMeta } from '../../lib/usePageMeta';
import LoadMoreButton from '../../components/ui/LoadMoreButton';

export default function ProductsPage() {
  usePageMeta({ title: 'Dashboard - All Products' });
  const [products, setProducts] = useState([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);

  const loadPage = useCallback(async (number) => {
    setLoading(true);
    try {
      const [{ data: list }, { data: count }] = await Promise.all([
        getProductList(number),
        getProductCount(),
      ]);
      const incoming = list?.products ?? [];
      setProducts((shown) => {
        if (number === 1) return incoming;
        // A product created meanwhile shifts the pages: never show one twice.
        const seen = new Set(shown.map((p) => p._id));
        return [...shown, ...incoming.filter((p) => !seen.has(p._id))];
      });
      setTotal(count?.total ?? 0);
      setPage(number);
    } catch (error) {
      console.error(error);
      toast.error(MESSAGES.productListFailed);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    loadPage(1);
  }, [loadPage]);

  return (
    <AdminShell>
      <h1 className="h2 text-center">All Products List</h1>
      <div className="d-flex flex-wrap">
        {products.map((product) => (
          <Link
            key={product._id}
            to={paths.adminProduct(product.slug)}
            className="product-link text-decoration-none text-reset"
          >
            <div className="card m-2" style={{ width: '18rem' }}>
              <img
                src={photoSrc(product)}
                className="card-img-top"
                alt={product.name}
                height="200"
                style={{ objectFit: 'contain' }}
                loading="lazy"
              />
              <div className="card-body">
                <h2 className="card-title h5">{product.name}</h2>
                <p className="card-text">{product.description}</p>
              </div>
            </div>
          </Link>
        ))}
      </div>
      <div className="m-2 p-3">
        <LoadMoreButton
          loaded={products.length}
          total={total}
          loading={loading}
          onClick={() => loadPage(page + 1)}
        />
        {!loading && total === 0 ? <p>{MESSAGES.noProducts}</p> : null}
      </div>
    </AdminShell>
  );
}
