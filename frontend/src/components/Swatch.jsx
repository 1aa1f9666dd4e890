// A colour dot for a colour value (cards, the product page's Colour picker). Decorative:
// the value's name is always written beside it or given as text.
import { swatchColour } from '../lib/variants';

export default function Swatch({ value, className = '' }) {
  const colour = swatchColour(value);
  return (
    <span
      className={`swatch${colour ? '' : ' swatch-unknown'}${className ? ` ${className}` : ''}`}
      style={colour ? { backgroundColor: colour } : undefined}
      aria-hidden="true"
    />
  );
}
