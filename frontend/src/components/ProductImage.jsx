// A product photo from the product-photo call (the server answers a placeholder when a
// product has none, decision F12). Width and height are always set so the page never
// jumps while photos load; photos below the fold load lazily.
import { productPhotoUrl } from '../lib/format';

// The server's own photo URL carries a version (`?v=...`) that changes with the photo, so
// a replaced photo is never served from a stale cache; older payloads fall back to the id.
export function photoSrc(product, width) {
  const base = typeof product.photo === 'string' && product.photo ? product.photo : null;
  if (!base) return productPhotoUrl(product, width);
  if (!width) return base;
  return `${base}${base.includes('?') ? '&' : '?'}w=${width}`;
}

export default function ProductImage({ product, width, height, lazy = false, sizes, ...rest }) {
  const widths = Array.isArray(product.photoWidths) ? product.photoWidths : [];
  const srcSet = widths.length
    ? widths.map((w) => `${photoSrc(product, w)} ${w}w`).join(', ')
    : undefined;
  return (
    <img
      src={photoSrc(product)}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={product.name}
      width={width}
      height={height}
      loading={lazy ? 'lazy' : 'eager'}
      decoding="async"
      {...rest}
    />
  );
}
