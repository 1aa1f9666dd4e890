// Product details (spec section 2): photo, name, description, price, category, ADD TO CART
// and GO TO CART, then Similar Products (same category, never this one).
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { formatPrice } from '../lib/format';
import { paths } from '../config/paths';
import { MESSAGES } from '../constants/messages';
import { useCart } from '../features/cart/CartContext';
import { getProduct, getRelated } from '../features/catalog/api';
import ProductImage from '../components/ProductImage';
import ProductGrid from '../components/ProductGrid';
import Loading from '../components/Loading';

export default function ProductDetailsPage() {
  const { slug } = useParams();
  const { add } = useCart();
  const [state, setState] = useState({ slug: null, product: null, related: [], missing: false });

  useEffect(() => {
    let active = true;
    (async () => {
      try {
        const { data } = await getProduct(slug);
        const product = data.product;
        let related = [];
        try {
          const answer = await getRelated(product._id, product.category?._id);
          related = answer.data.products ?? [];
        } catch (error) {
          console.error('similar products could not be loaded', error);
        }
        if (active) setState({ slug, product, related, missing: false });
      } catch (error) {
        console.error('product could not be loaded', error);
        if (active) setState({ slug, product: null, related: [], missing: true });
      }
    })();
    return () => {
      active = false;
    };
  }, [slug]);

  const { product, related, missing } = state;
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
          <h1 className="h2 mb-3">Product Details</h1>
          <dl className="product-facts">
            <dt>Name</dt>
            <dd className="fs-4">{product.name}</dd>
            <dt>Description</dt>
            <dd>{product.description}</dd>
            <dt>Price</dt>
            <dd className="fs-4 fw-bold text-success">{formatPrice(product.price)}</dd>
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
            <button type="button" className="btn btn-dark" onClick={() => add(product)}>
              ADD TO CART
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
        {related.length === 0 ? (
          <p className="text-center">{MESSAGES.noSimilar}</p>
        ) : (
          <ProductGrid products={related} onAdd={add} eager={0} headingLevel={3} />
        )}
      </section>
    </div>
  );
}
