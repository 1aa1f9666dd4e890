// One product as a card (spec section 2, Home): photo, name, a 30-character preview, the
// price in rupees, More Details and the add button. Used on home, category, search, similar
// products and the all-products page, so every button works the same way (decision F2).
// The add button reads 'Add to Cart' on every screen (one casing everywhere). The photo and
// the name link to the product too, as shoppers expect of a card. A product with variants
// of different prices says "from ₹X" (its lowest); one with a Colour option shows its
// colours as dots (at most MAX_SWATCHES, then "+N"); one that needs a choice offers
// "Choose options" (its page) instead of an add button that could not know what to add.
// A maximum retail price above the price (else, in a sale, the regular price) shows struck
// through before it, with the percentage off after it, on a line of its own under the
// name; a running sale adds its badge and the day it ends. Under it the rating ("★ 4.3
// (12)", none before the first review); the heart over the photo saves it to the wishlist.
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { formatPrice, preview } from '../lib/format';
import { isSoldOut } from '../lib/stock';
import { mrpFor, regularPriceFor, struckPrice } from '../lib/mrp';
import { colourOption, hasPriceRange, needsChoice, priceRange } from '../lib/variants';
import { MESSAGES } from '../constants/messages';
import MrpPrice from './MrpPrice';
import { SaleBadge } from './SaleBadge';
import ProductImage from './ProductImage';
import StockBadge from './StockBadge';
import RatingStars from './RatingStars';
import WishlistHeart from './WishlistHeart';
import Swatch from './Swatch';

export const CARD_PREVIEW_LENGTH = 30;

export const ADD_LABEL = 'Add to Cart';

export const MAX_SWATCHES = 5;

function Swatches({ values }) {
  const shown = values.slice(0, MAX_SWATCHES);
  const more = values.length - shown.length;
  return (
    <ul className="card-swatches" aria-label="Colours">
      {shown.map((value) => (
        <li key={value} title={value}>
          <Swatch value={value} />
          <span className="visually-hidden">{value}</span>
        </li>
      ))}
      {more > 0 && (
        <li className="small text-body-secondary">
          <span aria-hidden="true">+{more}</span>
          <span className="visually-hidden">{`${more} more ${more === 1 ? 'colour' : 'colours'}`}</span>
        </li>
      )}
    </ul>
  );
}

export default function ProductCard({ product, onAdd, lazy = false, headingLevel = 2 }) {
  const Heading = `h${headingLevel}`;
  const colours = colourOption(product)?.values ?? [];
  const price = hasPriceRange(product)
    ? MESSAGES.fromPrice(formatPrice(priceRange(product).min))
    : formatPrice(product.price);
  const mrp = mrpFor(product);
  const regular = regularPriceFor(product);
  const withStrike = struckPrice({ mrp, regular, price: product.price }) !== null;
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
      <WishlistHeart product={product} name={product.name} className="card-heart" />
      <div className="card-body d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-2">
          <Heading className="card-title h5 mb-1">
            <Link className="product-card-name" to={paths.product(product.slug)}>
              {product.name}
            </Link>
          </Heading>
          {!withStrike && (
            <p className="card-price fw-bold text-success mb-1 text-nowrap">{price}</p>
          )}
        </div>
        {withStrike && (
          <p className="card-price mb-1">
            <MrpPrice mrp={mrp} regular={regular} price={product.price}>
              <span className="fw-bold text-success">{price}</span>
            </MrpPrice>
          </p>
        )}
        <RatingStars rating={product.rating} />
        <SaleBadge sale={product.sale} as="p" className="mb-1" />
        <p className="card-text text-body-secondary">
          {preview(product.description, CARD_PREVIEW_LENGTH)}
        </p>
        {colours.length > 0 && <Swatches values={colours} />}
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
          {needsChoice(product) ? (
            <Link
              className="btn btn-dark btn-sm flex-fill"
              to={paths.product(product.slug)}
              aria-label={`${MESSAGES.chooseOptionsLink}: ${product.name}`}
            >
              {MESSAGES.chooseOptionsLink}
            </Link>
          ) : (
            <button
              type="button"
              className="btn btn-dark btn-sm flex-fill"
              onClick={() => onAdd(product)}
              disabled={isSoldOut(product)}
              aria-label={`${ADD_LABEL}: ${product.name}`}
            >
              {ADD_LABEL}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
