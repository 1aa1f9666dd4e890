// Every product, page by page (decision F8: the footer's All Products). The page number is
// in the URL (?page=N); the server decides the page size, so page 1 tells it.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { MESSAGES } from '../constants/messages';
import { useCart } from '../features/cart/CartContext';
import { getProductCount, getProductList } from '../features/catalog/api';
import { pageCount } from '../features/catalog/paging';
import ProductGrid from '../components/ProductGrid';
import Loading from '../components/Loading';

function pageHref(page) {
  return page > 1 ? `${paths.products}?page=${page}` : paths.products;
}

export default function AllProductsPage() {
  usePageMeta({ title: 'All Products - ShopSphere' });
  const { add } = useCart();
  const [searchParams] = useSearchParams();
  const requested = Number.parseInt(searchParams.get('page') ?? '1', 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const [state, setState] = useState({ page: null, products: [], total: 0, pageSize: 0 });

  useEffect(() => {
    let active = true;
    Promise.all([
      getProductCount(),
      getProductList(1),
      page > 1 ? getProductList(page) : Promise.resolve(null),
    ])
      .then(([count, first, current]) => {
        if (!active) return;
        const firstProducts = first.data.products ?? [];
        setState({
          page,
          products: current ? (current.data.products ?? []) : firstProducts,
          total: Number(count.data.total) || 0,
          pageSize: firstProducts.length,
        });
      })
      .catch((error) => {
        console.error('products could not be loaded', error);
        if (active) setState({ page, products: [], total: 0, pageSize: 0 });
      });
    return () => {
      active = false;
    };
  }, [page]);

  if (state.page !== page) return <Loading />;
  const pages = pageCount(state.total, state.pageSize);
  const numbers = Array.from({ length: pages }, (_, i) => i + 1);

  return (
    <div className="container py-4">
      <h1 className="h2 text-center">All Products</h1>
      <p className="text-center text-body-secondary mb-4">
        {state.total} products &middot; page {page} of {pages}
      </p>
      {state.products.length === 0 ? (
        <p className="text-center fs-5">{MESSAGES.noProducts}</p>
      ) : (
        <ProductGrid products={state.products} onAdd={add} />
      )}
      {pages > 1 && (
        <nav aria-label="Product pages" className="mt-4">
          <ul className="pagination justify-content-center flex-wrap">
            <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
              {page <= 1 ? (
                <span className="page-link">Previous</span>
              ) : (
                <Link className="page-link" to={pageHref(page - 1)}>
                  Previous
                </Link>
              )}
            </li>
            {numbers.map((n) => (
              <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
                <Link
                  className="page-link"
                  to={pageHref(n)}
                  aria-current={n === page ? 'page' : undefined}
                >
                  {n}
                </Link>
              </li>
            ))}
            <li className={`page-item${page >= pages ? ' disabled' : ''}`}>
              {page >= pages ? (
                <span className="page-link">Next</span>
              ) : (
                <Link className="page-link" to={pageHref(page + 1)}>
                  Next
                </Link>
              )}
            </li>
          </ul>
        </nav>
      )}
    </div>
  );
}
