// Product details (spec section 2): photo, name, description, price, category, Add to Cart
// and GO TO CART, then Similar Products (same category, never this one). A product with
// variants has a gallery and option pickers; the price and stock are the chosen
// variant's, Add to Cart needs a complete choice, and the address keeps it
// (`?variant=<id>`, replaced in place so Back leaves the page), so a shared link opens
// with the same choice made. The product shows
// as soon as it arrives (or at once, from the data the server rendered the page with); the
// similar products load on their own, with their own loading state, so a slow related call
// never holds the page back. Under the price: "Inclusive of all taxes", the country of
// origin and the seller (Consumer Protection (E-Commerce) Rules 2020), then Check Delivery.
// In a sale, the price is the sale price with the regular one struck through (unless an
// MRP is), the sale's badge and a countdown; at its end the product is loaded again.
// Under the name its rating (from its reviews, kept current by the reviews section); the
// heart saves it to the wishlist; a sold-out choice offers "Notify me when back in stock";
// Customer reviews come after the details (features/reviews, in this page's chunk).
// On phones, while Add to Cart is out of view, a buy bar pinned to the bottom offers it
// with the price and the choice (features/catalog/BuyBar, in this page's chunk).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { readInitialData } from '../lib/initialData';
import { formatPrice } from '../lib/format';
import { paths } from '../config/paths';
import { MESSAGES } from '../constants/messages';
import { useCart } from '../features/cart/CartContext';
import { getProduct, getRelated } from '../features/catalog/api';
import ProductGallery from '../features/catalog/ProductGallery';
import VariantPicker from '../features/catalog/VariantPicker';
import BuyBar from '../features/catalog/BuyBar';
import ProductGrid from '../components/ProductGrid';
import Loading from '../components/Loading';
import StockBadge from '../components/StockBadge';
import { ADD_LABEL } from '../components/ProductCard';
import MrpPrice from '../components/MrpPrice';
import { SaleCountdown } from '../components/SaleCountdown';
import { isSoldOut } from '../lib/stock';
import { mrpFor, regularPriceFor } from '../lib/mrp';
import {
  describeOptions,
  hasPriceRange,
  missingOptions,
  needsChoice,
  optionsOf,
  priceRange,
  variantFor,
  variantsMatching,
  variantsOf,
} from '../lib/variants';
import { useVariantChoice } from '../features/catalog/useVariantChoice';
import { useShopInfo } from '../features/shop/useShopInfo';
import CheckDelivery from '../features/shop/CheckDelivery';
import { useAuth } from '../features/auth/AuthContext';
import ReviewsSection from '../features/reviews/ReviewsSection';
import NotifyMeForm from '../features/wishlist/NotifyMeForm';
import RatingStars from '../components/RatingStars';
import WishlistHeart from '../components/WishlistHeart';

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

const sumStock = (variants) =>
  variants.reduce((sum, v) => sum + Math.max(0, Number(v.quantity) || 0), 0);

export default function ProductDetailsPage() {
  const { slug } = useParams();
  const navigate = useNavigate();
  const { add } = useCart();
  const location = useLocation();
  // The address's query (the chosen variant) goes along when a renamed product moves.
  const search = useRef(location.search);
  search.current = location.search;
  const [state, setState] = useState(() => initialState(slug));
  // What the first render was given (by the server, or by the rename below) for one slug.
  const given = useRef(state.slug ? state : null);
  // Counts the loads asked for again (a sale has ended: the prices have changed).
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => {
    given.current = null;
    setReloads((count) => count + 1);
  }, []);

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
          navigate(paths.product(product.slug) + search.current, { replace: true });
          return;
        }
        setState({ slug, product, missing: false });
      })
      .catch((error) => {
        console.error('product could not be loaded', error);
        if (!active) return;
        // Loading the product shown again failed: it stays, unless it is gone.
        setState((current) =>
          current.slug === slug && current.product && error?.response?.status !== 404
            ? current
            : { slug, product: null, missing: true },
        );
      });
    return () => {
      active = false;
    };
  }, [slug, navigate, reloads]);

  const { missing } = state;
  const product = state.slug === slug ? state.product : null;
  const related = useRelated(product);
  const { choice, pick, clear } = useVariantChoice(product);
  // Add to Cart pressed before the choice was complete: say what is missing, until chosen.
  const [askedFor, setAskedFor] = useState(null);
  const pickerId = useId();
  const { shop } = useShopInfo();
  const picker = useRef(null);
  const addButton = useRef(null);
  const { auth } = useAuth();
  // The rating the reviews section last read ({slug, rating}), newer than the product's.
  const [rated, setRated] = useState(null);
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
          Continue Shopping
        </Link>
      </div>
    );
  }

  // What the choice so far allows: the variant once complete, else the variants still
  // possible (their lowest price, their stock together). Answers from before variants
  // list none and read as the product.
  const hasVariants = variantsOf(product).length > 0;
  const variant = hasVariants ? variantFor(product, choice) : null;
  const possible = variant ? [variant] : variantsMatching(product, choice);
  const shown = variant ?? (hasVariants ? { quantity: sumStock(possible) } : product);
  const { min } = priceRange(product, possible);
  const price =
    hasVariants && !variant && hasPriceRange(product, possible)
      ? MESSAGES.fromPrice(formatPrice(min))
      : formatPrice(variant ? variant.price : min);
  // The chosen variant's MRP and regular price, else those the possible variants share.
  const mrp = mrpFor(product, variant, possible);
  const regular = regularPriceFor(product, variant, possible);
  const toChoose = needsChoice(product) ? missingOptions(product, choice) : [];
  const stillMissing = askedFor === product._id ? toChoose : [];
  const soldOut = isSoldOut(shown);
  const shownRating = rated?.slug === slug ? rated.rating : product.rating;
  // The buy bar's line under the price: the choice made, what is left to choose, sold out.
  let chosen =
    variant && optionsOf(product).length > 0 ? describeOptions(variant.options, product) : '';
  if (toChoose.length > 0) chosen = `Choose ${toChoose.join(', ')}`;
  else if (soldOut) chosen = [chosen, 'Sold out'].filter(Boolean).join(' · ');

  function addToCart() {
    if (needsChoice(product) && !variant) {
      setAskedFor(product._id);
      // Focus goes to the first group still to choose, on its first value that can be picked.
      const groups = [...(picker.current?.querySelectorAll('fieldset') ?? [])];
      const group = groups.find((node) => node.dataset.option === toChoose[0]);
      group?.querySelector('input:not(:disabled)')?.focus();
      return;
    }
    add(product, variant);
  }

  return (
    <div className="container py-4">
      <div className="row g-4 align-items-start">
        <div className="col-md-6">
          <ProductGallery product={product} choice={choice} />
        </div>
        <div className="col-md-6">
          <p className="text-uppercase text-body-secondary small mb-1">Product Details</p>
          <h1 className="h2 mb-1">{product.name}</h1>
          {shownRating?.count > 0 && (
            <a href="#reviews" className="text-reset text-decoration-none d-inline-block mb-2">
              <RatingStars rating={shownRating} className="mb-0" />
            </a>
          )}
          <dl className="product-facts">
            <dt>Description</dt>
            <dd>{product.description}</dd>
            <dt>Price</dt>
            <dd className="mb-0 fs-4 fw-bold text-success">
              <MrpPrice mrp={mrp} regular={regular} price={variant ? variant.price : min}>
                <span data-testid="price">{price}</span>
              </MrpPrice>
            </dd>
            <SaleCountdown sale={product.sale} onEnd={reload} as="dd" className="mb-1" />
            <dd className="small text-body-secondary">{MESSAGES.inclusiveOfTaxes}</dd>
            <dt>Availability</dt>
            <dd>
              <StockBadge product={shown} />
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
          <p className="small mb-1" data-testid="origin">
            {product.countryOfOrigin ? `Country of origin: ${product.countryOfOrigin}` : ''}
          </p>
          <p className="small" data-testid="seller">
            {shop?.legalName ? `Sold by: ${shop.legalName}` : ''}
          </p>
          {optionsOf(product).length > 0 && (
            <div ref={picker}>
              <VariantPicker
                product={product}
                choice={choice}
                onPick={pick}
                onClear={clear}
                missing={stillMissing}
                id={`picker${pickerId.replace(/[^a-zA-Z0-9_-]/g, '')}`}
              />
            </div>
          )}
          {stillMissing.length > 0 && (
            <p className="text-danger small" role="alert" id={`${pickerId}-missing`}>
              {MESSAGES.chooseOptions(stillMissing)}
            </p>
          )}
          <div className="d-flex flex-wrap gap-2">
            <button
              ref={addButton}
              type="button"
              className="btn btn-dark"
              onClick={addToCart}
              disabled={soldOut}
              aria-describedby={stillMissing.length > 0 ? `${pickerId}-missing` : undefined}
            >
              {ADD_LABEL}
            </button>
            <Link className="btn btn-outline-primary" to={paths.cart}>
              GO TO CART
            </Link>
            <WishlistHeart product={product} className="border" />
          </div>
          {soldOut && (
            <NotifyMeForm
              key={`${product._id}-${variant?._id ?? ''}`}
              slug={product.slug}
              variant={variant?._id}
              email={auth.user?.email ?? ''}
            />
          )}
          <div className="mt-4">
            <CheckDelivery key={product._id} />
          </div>
          <BuyBar
            target={addButton}
            name={product.name}
            price={price}
            choice={chosen}
            label={ADD_LABEL}
            onAdd={addToCart}
            disabled={soldOut}
          />
        </div>
      </div>
      <hr className="my-5" />
      <ReviewsSection
        key={product._id}
        product={product}
        signedIn={Boolean(auth.token)}
        onRating={(rating) => rating && setRated({ slug, rating })}
      />
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
