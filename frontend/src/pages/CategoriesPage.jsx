// All categories (spec section 2): one button per category, each linking to its products.
import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { useCategories } from '../features/catalog/useCategories';
import Loading from '../components/Loading';

export default function CategoriesPage() {
  usePageMeta({ title: 'All Categories - ShopSphere' });
  const { categories, loaded } = useCategories();
  return (
    <div className="container py-4">
      <h1 className="h2 mb-4 text-center">All Categories</h1>
      {!loaded && <Loading />}
      {loaded && categories.length === 0 && (
        <p className="text-center">No categories yet. Please check back soon.</p>
      )}
      <ul className="row g-3 list-unstyled">
        {categories.map((category) => (
          <li className="col-sm-6 col-md-4 col-lg-3" key={category._id}>
            <Link
              className="btn btn-primary btn-lg w-100 py-3 text-truncate"
              to={paths.category(category.slug)}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
