// One product as a card (spec section 2, Home): photo, name, a 30-character preview, the
// price in rupees, More Details and the add button. Used on home, category, search, similar
// products and the all-products page, so every button works the same way (decision F2).
// The add button reads 'Add to Cart' on every screen (one casing everywhere). The photo and
// the name link to the product too, as shoppers expect of a card.
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { formatPrice, preview } from '../lib/format';
import { isSoldOut } from '../lib/stock';
import ProductImage from './ProductImage';
import StockBadge from './StockBadge';

export const CARD_PREVIEW_LENGTH = 30;

export const ADD_LABEL = 'Add to Cart';

export default function ProductCard({ product, onAdd, lazy = false, headingLevel = 2 }) {
  const Heading = `h${headingLevel}`;
  return (
    <article className="card product-card shadow-sm" aria-label={product.name}>
      {/* The photo repeats the name's link for a mouse or a finger; keyboards and screen
          readers meet the link once, on the name. */}
      <Link to={paths.product(product.slug)} tabIndex={-1} aria-hidden="true">
        <ProductImage
          product={product}
          className="card-img-top product-card-img"
          width={352}
          height={200}
          lazy={lazy}
          sizes="22rem"
          alt=""
        />
      </Link>
      <div className="card-body d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <Heading className="card-title h5 mb-1">
            <Link className="product-card-name" to={paths.product(product.slug)}>
              {product.name}
            </Link>
          </Heading>
          <p className="card-price fw-bold text-success mb-1 text-nowrap">
            {formatPrice(product.price)}
          </p>
        </div>
        <p className="card-text text-body-secondary">
          {preview(product.description, CARD_PREVIEW_LENGTH)}
        </p>
        <p className="mb-2">
          <StockBadge product={product} />
        </p>
        <div className="mt-auto d-flex gap-2">
          <Link
            className="btn btn-info btn-sm flex-fill"
            to={paths.product(product.slug)}
            aria-label={`More Details: ${product.name}`}
          >
            More Details
          </Link>
          <button
            type="button"
            className="btn btn-dark btn-sm flex-fill"
            onClick={() => onAdd(product)}
            disabled={isSoldOut(product)}
            aria-label={`${ADD_LABEL}: ${product.name}`}
          >
            {ADD_LABEL}
          </button>
        </div>
      </div>
    </article>
  );
}
