// All Products List: every product as a card linking to its update screen. Pages of the
// product list are appended by Load More until the count is reached, so none is out of reach.
import { useCallback, useEffect, useState } from 'react';
import toast from '../../lib/toast';
import { Link } from 'react-router-dom';
import AdminShell from '../../features/admin/AdminShell';
import { getProductCount, getProductList } from '../../features/catalog/api';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { usePageMeta } from '../../lib/usePageMeta';
import LoadMoreButton from '../../components/ui/LoadMoreButton';
import ProductImage from '../../components/ProductImage';
import Loading from '../../components/Loading';

// The first row of cards is on screen at once; the photos below it load as they come near.
const EAGER_PHOTOS = 3;
const EMPTY = { products: [], total: 0, page: 1 };

export default function ProductsPage() {
  usePageMeta({ title: 'Dashboard - All Products - ShopSphere' });
  const [{ products, total, page }, setList] = useState(EMPTY);
  const [loading, setLoading] = useState(true);

  const loadPage = useCallback(async (number) => {
    setLoading(true);
    try {
      const [{ data: list }, { data: count }] = await Promise.all([
        getProductList(number),
        getProductCount(),
      ]);
      const incoming = list?.products ?? [];
      const counted = Number(count?.total ?? 0);
      setList((current) => {
        if (number === 1) return { products: incoming, total: counted, page: 1 };
        // A product created meanwhile shifts the pages: never show one twice.
        const seen = new Set(current.products.map((p) => p._id));
        const added = incoming.filter((p) => !seen.has(p._id));
        const shown = [...current.products, ...added];
        // A page that adds nothing (shifted, or the list shrank) would offer Load More
        // forever: stop at what is shown, as home does.
        return { products: shown, total: added.length ? counted : shown.length, page: number };
      });
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
      {loading && products.length === 0 ? <Loading label="Loading products ..." /> : null}
      <div className="d-flex flex-wrap">
        {products.map((product, index) => (
          <Link
            key={product._id}
            to={paths.adminProduct(product.slug)}
            className="product-link text-decoration-none text-reset"
          >
            <div className="card m-2" style={{ width: '18rem' }}>
              <ProductImage
                product={product}
                className="card-img-top"
                width={288}
                height={200}
                sizes="18rem"
                lazy={index >= EAGER_PHOTOS}
                style={{ objectFit: 'contain' }}
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
