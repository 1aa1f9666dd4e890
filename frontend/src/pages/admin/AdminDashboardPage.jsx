// /dashboard/admin: who is signed in (Admin Name, Email, Contact; spec section 2), the
// owner's figures from the dashboard call (today's and this month's orders and revenue,
// cancelled orders left out; orders waiting to be processed; low stock), each a link to
// the screen that acts on it, and the shop's counts, each from a call that already exists: products (product-count),
// categories (get-category), users (users' total) and orders (all-orders' X-Total-Count).
// Each count arrives on its own; one that fails shows as unavailable, and the orders count
// is left out until the orders call answers (it arrives with the orders app). Below the
// owner's figures, what needs the owner now (orders to act on, returns, reported reviews),
// the sales over time with the top products, and the sales and tax summary of a period
// (features/admin/reports), whose charts bring chart.js in a chunk of its own once the
// figures are on screen.
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import AdminShell from '../../features/admin/AdminShell';
import { listUsers } from '../../features/admin/api';
import SalesOverTimePanel from '../../features/admin/reports/SalesOverTimePanel';
import SalesTaxPanel from '../../features/admin/reports/SalesTaxPanel';
import ToActOnPanel from '../../features/admin/reports/ToActOnPanel';
import PlaceholderNotice from '../../features/admin/settings/PlaceholderNotice';
import { useAuth } from '../../features/auth/AuthContext';
import { getCategories, getProductCount } from '../../features/catalog/api';
import { getAllOrders, getDashboard } from '../../features/orders/api';
import { paths } from '../../config/paths';
import { formatPrice } from '../../lib/format';
import { usePageMeta } from '../../lib/usePageMeta';
import { useApi } from '../../lib/useApi';

const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;
const WAITING = `${paths.adminOrders}?status=${encodeURIComponent('Not Processed')}`;
const BY_STOCK = `${paths.adminProducts}?sort=stock`;

// null while loading, 'failed', or the call's `dashboard`.
function useDashboard() {
  const { data, error } = useApi(() => getDashboard().then(({ data: body }) => body.dashboard), []);
  return error ? 'failed' : (data ?? null);
}

function Figure({ to, label, value, detail }) {
  return (
    <li className="col">
      <Link to={to} className="card h-100 p-3 d-flex flex-column text-decoration-none">
        <span className="text-body-secondary">{label}</span>
        <span className="fs-4 fw-bold text-body">{value}</span>
        {detail ? <span className="text-body">{detail}</span> : null}
      </Link>
    </li>
  );
}

function OwnerFigures() {
  const dashboard = useDashboard();
  if (dashboard === null) return <p aria-busy="true">Loading ...</p>;
  if (dashboard === 'failed') return <p>The figures are unavailable just now.</p>;
  const { today, month, waiting, lowStock } = dashboard;
  return (
    <>
      <ul
        aria-labelledby="owner-figures-heading"
        className="row row-cols-1 row-cols-sm-2 row-cols-xl-4 g-3 list-unstyled"
        data-testid="owner-figures"
      >
        <Figure
          to={paths.adminOrders}
          label="Today"
          value={plural(today.orders, 'order', 'orders')}
          detail={formatPrice(today.revenue)}
        />
        <Figure
          to={paths.adminOrders}
          label="This month"
          value={plural(month.orders, 'order', 'orders')}
          detail={formatPrice(month.revenue)}
        />
        <Figure
          to={WAITING}
          label="Waiting to be processed"
          value={plural(waiting, 'order', 'orders')}
        />
        <Figure
          to={BY_STOCK}
          label={`Low stock (${lowStock.threshold} or fewer left)`}
          value={plural(lowStock.total, 'product', 'products')}
        />
      </ul>
      {lowStock.products.length > 0 && (
        <>
          <h3 className="h6 mt-3" id="low-stock-heading">
            Running low
          </h3>
          <ul aria-labelledby="low-stock-heading" className="list-unstyled mb-0">
            {lowStock.products.map((product) => (
              <li key={product._id}>
                <Link to={paths.adminProduct(product.slug)}>{product.name}</Link>:{' '}
                {product.quantity === 0 ? 'sold out' : `${product.quantity} left`}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

const COUNTS = [
  {
    key: 'products',
    label: 'Products',
    to: paths.adminProducts,
    load: () => getProductCount().then(({ data }) => Number(data.total)),
  },
  {
    key: 'categories',
    label: 'Categories',
    to: paths.adminCreateCategory,
    load: () => getCategories().then(({ data }) => (data.category ?? []).length),
  },
  {
    key: 'users',
    label: 'Users',
    to: paths.adminUsers,
    load: () => listUsers(1).then(({ headers }) => Number(headers['x-total-count'])),
  },
  {
    key: 'orders',
    label: 'Orders',
    optional: true,
    load: () =>
      // Only the orders list's X-Total-Count is read here.
      getAllOrders().then((response) => {
        const total = response.headers?.['x-total-count'];
        if (response.status !== 200 || total === undefined) throw new Error('no orders count');
        return Number(total);
      }),
  },
];

// { key: number | 'failed' } as the answers arrive; a key without a value is still loading.
function useCounts() {
  const [counts, setCounts] = useState({});
  useEffect(() => {
    let live = true;
    COUNTS.forEach(({ key, load }) => {
      load()
        .then((value) => live && setCounts((current) => ({ ...current, [key]: value })))
        .catch(() => live && setCounts((current) => ({ ...current, [key]: 'failed' })));
    });
    return () => {
      live = false;
    };
  }, []);
  return counts;
}

export default function AdminDashboardPage() {
  usePageMeta({ title: 'Admin Dashboard - ShopSphere' });
  const { user } = useAuth().auth;
  const counts = useCounts();
  const shown = COUNTS.filter(({ key, optional }) => !(optional && counts[key] === 'failed'));
  return (
    <AdminShell>
      <h1 className="visually-hidden">Admin Dashboard</h1>
      <PlaceholderNotice />
      <div className="card p-3 mb-4">
        <h2 className="h4">Admin Name: {user?.name}</h2>
        <h2 className="h4">Admin Email: {user?.email}</h2>
        <h2 className="h4">Admin Contact: {user?.phone || 'Not provided'}</h2>
      </div>
      <section className="mb-4" aria-labelledby="owner-figures-heading">
        <h2 className="h5" id="owner-figures-heading">
          Orders and stock
        </h2>
        <OwnerFigures />
      </section>
      <ToActOnPanel />
      <SalesOverTimePanel />
      <SalesTaxPanel />
      <h2 className="h5" id="admin-counts-heading">
        Shop at a glance
      </h2>
      <ul
        aria-labelledby="admin-counts-heading"
        className="row row-cols-2 row-cols-md-4 g-3 list-unstyled admin-counts"
      >
        {shown.map(({ key, label, to }) => {
          const value = counts[key];
          let text = value;
          if (value === undefined) text = 'Loading ...';
          else if (value === 'failed') text = 'Unavailable';
          return (
            <li className="col" key={key}>
              <div className="card h-100 p-3 text-center" aria-busy={value === undefined}>
                <p className="mb-1 text-body-secondary">
                  {to ? <Link to={to}>{label}</Link> : label}
                </p>
                <p className="fs-3 fw-bold mb-0" data-testid={`count-${key}`}>
                  {text}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </AdminShell>
  );
}
