// The product page's photos (variants-api.md): the main photo, Previous / Next, and a row
// of thumbnails. Phones swipe the main photo; laptops use the arrow keys (Home, End too)
// while focus is anywhere in the gallery, or click. When the shopper chooses a value (a
// colour), the photos showing it come first and the first of them is shown. A product
// without a gallery (an answer from before galleries) shows its one photo, as before.
import { useRef, useState } from 'react';
import ProductImage from '../../components/ProductImage';
import { galleryPhotos } from '../../lib/variants';
import './variants.css';

// A swipe is a mostly horizontal move of at least this many CSS pixels.
const SWIPE = 40;

const asProduct = (product, photo) => ({ ...product, photo: photo.url, photoWidths: photo.widths });

export default function ProductGallery({ product, choice = {} }) {
  const photos = galleryPhotos(product, choice);
  const order = photos.map((p) => p._id ?? p.url).join('|');
  // The shown photo belongs to one order: a new order (a new choice) starts at its first.
  const [view, setView] = useState({ order, index: 0 });
  const thumbs = useRef([]);
  const swipe = useRef(null);
  const count = photos.length;
  const index = view.order === order ? Math.min(view.index, count - 1) : 0;

  if (count === 0) {
    return (
      <ProductImage
        product={product}
        className="product-photo rounded border"
        width={600}
        height={420}
        sizes="(min-width: 768px) 50vw, 100vw"
      />
    );
  }

  const photo = photos[index];
  const altOf = (p) => p.alt || product.name;
  const show = (next) => setView({ order, index: (next + count) % count });

  function onKeyDown(event) {
    if (count < 2) return;
    const moves = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: count - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key] + count) % count;
    show(next);
    // Focus on a thumbnail follows the shown photo.
    if (thumbs.current.includes(document.activeElement)) thumbs.current[next]?.focus();
  }

  function onPointerDown(event) {
    swipe.current = { x: event.clientX, y: event.clientY };
  }

  function onPointerUp(event) {
    const start = swipe.current;
    swipe.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE || Math.abs(dx) < Math.abs(dy)) return;
    show(dx < 0 ? index + 1 : index - 1);
  }

  const position = `Photo ${index + 1} of ${count}`;
  return (
    <section
      className="product-gallery"
      aria-label={`Photos of ${product.name}`}
      onKeyDown={onKeyDown}
    >
      <div
        className="gallery-main"
        role="group"
        aria-label={count > 1 ? `${position}: ${altOf(photo)}` : altOf(photo)}
        aria-describedby={count > 1 ? 'gallery-keys' : undefined}
        tabIndex={count > 1 ? 0 : undefined}
        data-testid="gallery-main"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <ProductImage
          key={photo.url}
          product={asProduct(product, photo)}
          className="product-photo rounded border"
          width={600}
          height={420}
          sizes="(min-width: 768px) 50vw, 100vw"
          alt={altOf(photo)}
          draggable={false}
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="gallery-step gallery-prev btn btn-light border"
              aria-label="Previous photo"
              onClick={() => show(index - 1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="gallery-step gallery-next btn btn-light border"
              aria-label="Next photo"
              onClick={() => show(index + 1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
      </div>
      {count > 1 && (
        <>
          <p id="gallery-keys" className="visually-hidden">
            Swipe, or use the left and right arrow keys, for the other photos.
          </p>
          <p className="visually-hidden" aria-live="polite" data-testid="gallery-position">
            {`${position}: ${altOf(photo)}`}
          </p>
          <ul className="gallery-thumbs list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0">
            {photos.map((p, i) => (
              <li key={p._id ?? p.url}>
                <button
                  type="button"
                  ref={(node) => {
                    thumbs.current[i] = node;
                  }}
                  className="gallery-thumb"
                  aria-label={`Photo ${i + 1} of ${count}: ${altOf(p)}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => show(i)}
                >
                  <ProductImage
                    product={asProduct(product, p)}
                    width={72}
                    height={50}
                    lazy
                    sizes="72px"
                    alt=""
                    draggable={false}
                  />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
