// Product details (spec section 2): photo, name, description, price, category, Add to Cart
// and GO TO CART, then Similar Products (same category, never this one). The product shows
// as soon as it arrives (or at once, from the data the server rendered the page with); the
// similar products load on their own, with their own loading state, so a slow related call
// never holds the page back.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { readInitialData } from '../lib/initialData';
import { formatPrice } from '../lib/format';
import { paths } from '../config/paths';
import { MESSAGES } from '../constants/messages';
import { useCart } from '../features/cart/CartContext';
import { getProduct, getRelated } from '../features/catalog/api';
import ProductImage from '../components/ProductImage';
import ProductGrid from '../components/ProductGrid';
import Loading from '../components/Loading';
import StockBadge from '../components/StockBadge';
import { ADD_LABEL } from '../components/ProductCard';
import { isSoldOut } from '../lib/stock';

// The first state: from the data the server rendered the page with (no loading state, no
// second fetch of the product), else empty until the fetch answers.
function initialState(slug) {
  const initial = readInitialData('product', slug);
  if (!initial) return { slug: null, product: null, missing: false };
  const product = initial.product ?? null;
  return { slug, product, missing: !product };
}

// Similar products of `product`, loaded after it: null while loading.
function useRelated(product) {
  const [state, setState] = useState({ forId: null, products: [] });
  const id = product?._id;
  const categoryId = product?.category?._id;
  useEffect(() => {
    if (!id) return undefined;
    let active = true;
    getRelated(id, categoryId)
      .then(({ data }) => active && setState({ forId: id, products: data.products ?? [] }))
      .catch((error) => {
        console.error('similar products could not be loaded', error);
        if (active) setState({ forId: id, products: [] });
      });
    return () => {
      active = false;
    };
  }, [id, categoryId]);
  return state.forId === id ? state.products : null;
}

export default function ProductDetailsPage() {
  const { slug } = useParams();
  const navigate = useNavigate();
  const { add } = useCart();
  const [state, setState] = useState(() => initialState(slug));
  // What the first render was given (by the server, or by the rename below) for one slug.
  const given = useRef(state.slug ? state : null);

  useEffect(() => {
    let active = true;
    const seed = given.current?.slug === slug ? given.current : null;
    if (!seed) given.current = null;
    if (seed) return undefined;
    getProduct(slug)
      .then(({ data }) => {
        if (!active) return;
        const product = data.product;
        // A renamed product found at its old address: show it at its current one.
        if (product.slug && product.slug !== slug) {
          given.current = { slug: product.slug, product, missing: false };
          setState(given.current);
          navigate(paths.product(product.slug), { replace: true });
          return;
        }
        setState({ slug, product, missing: false });
      })
      .catch((error) => {
        console.error('product could not be loaded', error);
        if (active) setState({ slug, product: null, missing: true });
      });
    return () => {
      active = false;
    };
  }, [slug, navigate]);

  const { missing } = state;
  const product = state.slug === slug ? state.product : null;
  const related = useRelated(product);
  usePageMeta({
    title: product ? `${product.name} - ShopSphere` : 'Product Details - ShopSphere',
    description: product ? product.description.slice(0, 150) : undefined,
  });

  if (state.slug !== slug) return <Loading />;
  if (missing) {
    return (
      <div className="container py-5 text-center">
        <h1 className="h3">Product not found</h1>
        <p>This product is no longer available.</p>
        <Link className="btn btn-primary" to={paths.home}>
          Continue shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="container py-4">
      <div className="row g-4 align-items-start">
        <div className="col-md-6">
          <ProductImage
            product={product}
            className="product-photo rounded border"
            width={600}
            height={420}
            sizes="(min-width: 768px) 50vw, 100vw"
          />
        </div>
        <div className="col-md-6">
          <p className="text-uppercase text-body-secondary small mb-1">Product Details</p>
          <h1 className="h2 mb-3">{product.name}</h1>
          <dl className="product-facts">
            <dt>Description</dt>
            <dd>{product.description}</dd>
            <dt>Price</dt>
            <dd className="fs-4 fw-bold text-success">{formatPrice(product.price)}</dd>
            <dt>Availability</dt>
            <dd>
              <StockBadge product={product} />
            </dd>
            <dt>Category</dt>
            <dd>
              {product.category?.slug ? (
                <Link to={paths.category(product.category.slug)}>{product.category.name}</Link>
              ) : (
                product.category?.name
              )}
            </dd>
          </dl>
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-dark"
              onClick={() => add(product)}
              disabled={isSoldOut(product)}
            >
              {ADD_LABEL}
            </button>
            <Link className="btn btn-outline-primary" to={paths.cart}>
              GO TO CART
            </Link>
          </div>
        </div>
      </div>
      <hr className="my-5" />
      <section aria-labelledby="similar-heading">
        <h2 id="similar-heading" className="h4 mb-3">
          Similar Products
        </h2>
        {related === null ? (
          <Loading label="Loading similar products ..." />
        ) : related.length === 0 ? (
          <p className="text-center">{MESSAGES.noSimilar}</p>
        ) : (
          <ProductGrid products={related} onAdd={add} eager={0} headingLevel={3} />
        )}
      </section>
    </div>
  );
}
