// Products of one category (spec section 2): 'Category - name', 'N results found' (N the
// category's whole count, not the page's) and cards whose More Details and Add to Cart
// work (decision F2). Paged like home: the first page, then Load More.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { MESSAGES } from '../constants/messages';
import { usePageMeta } from '../lib/usePageMeta';
import { readInitialData } from '../lib/initialData';
import { paths } from '../config/paths';
import { useCart } from '../features/cart/CartContext';
import { getCategoryProducts } from '../features/catalog/api';
import ProductGrid from '../components/ProductGrid';
import CategoryLinks from '../features/catalog/CategoryLinks';
import Loading from '../components/Loading';
import LoadMoreButton from '../components/ui/LoadMoreButton';

const EMPTY = { slug: null, category: null, products: [], page: 1, total: 0 };

// The first state: from the data the server rendered the page with (its first page), so
// the first render matches the HTML and the first page is not fetched again.
function initialState(slug) {
  const initial = readInitialData('category', slug);
  if (!initial) return EMPTY;
  const products = initial.products ?? [];
  return {
    slug,
    category: initial.category ?? null,
    products,
    page: 1,
    total: Number(initial.total ?? products.length),
  };
}

export default function CategoryProductsPage() {
  const { slug } = useParams();
  const { add } = useCart();
  const [state, setState] = useState(() => initialState(slug));
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  // The slug the server already gave the first page of (nothing to fetch for it).
  const given = useRef(state.slug);

  useEffect(() => {
    if (given.current === slug) return;
    given.current = null;
    const ticket = ++latest.current;
    setLoading(true);
    getCategoryProducts(slug, 1)
      .then(({ data }) => {
        if (ticket !== latest.current) return;
        const products = data.products ?? [];
        setState({
          slug,
          category: data.category,
          products,
          page: 1,
          total: Number(data.total ?? products.length),
        });
      })
      .catch((error) => {
        console.error('category products could not be loaded', error);
        if (ticket === latest.current) setState({ ...EMPTY, slug });
      })
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [slug]);

  const loadMore = useCallback(() => {
    const ticket = ++latest.current;
    const next = state.page + 1;
    setLoading(true);
    getCategoryProducts(slug, next)
      .then(({ data }) => {
        if (ticket !== latest.current) return;
        const products = data.products ?? [];
        setState((current) => ({
          ...current,
          page: next,
          products: [...current.products, ...products],
          // An empty page means the category shrank meanwhile: stop offering more.
          total: products.length ? Number(data.total ?? current.total) : current.products.length,
        }));
      })
      .catch((error) => console.error('more category products could not be loaded', error))
      .finally(() => {
        if (ticket === latest.current) setLoading(false);
      });
  }, [slug, state.page]);

  const { category, products, total } = state;
  usePageMeta({ title: category ? `${category.name} - ShopSphere` : 'Category - ShopSphere' });

  if (state.slug !== slug) return <Loading />;
  if (!category) {
    return (
      <div className="container py-5 text-center">
        <h1 className="h3">Category not found</h1>
        <p>We could not find this category.</p>
        <Link className="btn btn-primary" to={paths.categories}>
          See All Categories
        </Link>
      </div>
    );
  }
  return (
    <div className="container py-4">
      <h1 className="h2 text-center">Category - {category.name}</h1>
      <p className="text-center fs-5 mb-4">{MESSAGES.resultsFound(total)}</p>
      <ProductGrid products={products} onAdd={add} />
      {total === 0 && !loading ? <CategoryLinks exclude={category.slug} /> : null}
      <div className="text-center my-4">
        <LoadMoreButton
          loaded={products.length}
          total={total}
          loading={loading}
          onClick={loadMore}
          className="px-4"
        />
      </div>
    </div>
  );
}
