import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';

export default function NotFoundPage() {
  usePageMeta({ title: 'Page not found - ShopSphere' });
  return (
    <div className="container py-5 text-center">
      <p className="not-found-code text-primary mb-2">404</p>
      <h1 className="h2">Oops! Page Not Found</h1>
      <p className="mb-4">
        The page you are looking for doesn&apos;t exist. Let&apos;s go back to a safer place!
      </p>
      <Link className="btn btn-outline-dark px-4" to={paths.home}>
        Go Back
      </Link>
    </div>
  );
}
