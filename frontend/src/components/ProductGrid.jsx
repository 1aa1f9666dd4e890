// A wrapping row of product cards. The first `eager` cards load at once (above the fold);
// the rest load lazily.
import ProductCard from './ProductCard';

export default function ProductGrid({ products, onAdd, eager = 2, headingLevel = 2 }) {
  return (
    <div className="product-grid">
      {products.map((product, index) => (
        <ProductCard
          key={`${product._id}-${index}`}
          product={product}
          onAdd={onAdd}
          lazy={index >= eager}
          headingLevel={headingLevel}
        />
      ))}
    </div>
  );
}
