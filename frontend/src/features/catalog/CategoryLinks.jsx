// An empty result (a category with no products, a search that found nothing, filters that
// match nothing) is not a dead end: it offers the shop's categories.
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useCategories } from './useCategories';

export default function CategoryLinks({ exclude }) {
  const { categories } = useCategories();
  const shown = categories.filter((category) => category.slug !== exclude);
  if (shown.length === 0) return null;
  return (
    <nav aria-label="Browse categories" className="text-center my-4">
      <h2 className="h5">Browse our categories</h2>
      <ul className="list-inline mb-0">
        {shown.map((category) => (
          <li className="list-inline-item my-1" key={category._id}>
            <Link className="btn btn-outline-dark btn-sm" to={paths.category(category.slug)}>
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
