// The admin screens under /dashboard/admin: one lazily loaded module (the `admin` chunk),
// rendered by the admin guard (app/routes.jsx) once the server said yes, so the first
// bundle carries one route for the whole group instead of one lazy screen each. An
// address under it that names no screen is the not-found page.
import { lazy } from 'react';
import { useRoutes } from 'react-router-dom';
import AdminDashboardPage from './AdminDashboardPage';
import CreateCategoryPage from './CreateCategoryPage';
import CreateProductPage from './CreateProductPage';
import ProductsPage from './ProductsPage';
import UpdateProductPage from './UpdateProductPage';
import UsersPage from './UsersPage';
import OrdersPage from './OrdersPage';
import CouponsPage from './CouponsPage';
import SalesPage from './SalesPage';
import AdminReturnsPage from './AdminReturnsPage';
import GstReturnsPage from './GstReturnsPage';
import AdminReviewsPage from './AdminReviewsPage';
import ShopSettingsPage from './ShopSettingsPage';

const NotFoundPage = lazy(() => import(/* webpackChunkName: "info" */ '../NotFoundPage'));

const adminRoutes = [
  { index: true, element: <AdminDashboardPage /> },
  { path: 'create-category', element: <CreateCategoryPage /> },
  { path: 'create-product', element: <CreateProductPage /> },
  { path: 'products', element: <ProductsPage /> },
  { path: 'product/:slug', element: <UpdateProductPage /> },
  { path: 'users', element: <UsersPage /> },
  { path: 'orders', element: <OrdersPage /> },
  { path: 'coupons', element: <CouponsPage /> },
  { path: 'sales', element: <SalesPage /> },
  { path: 'returns', element: <AdminReturnsPage /> },
  { path: 'gst-returns', element: <GstReturnsPage /> },
  { path: 'reviews', element: <AdminReviewsPage /> },
  { path: 'settings', element: <ShopSettingsPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export default function AdminRoutes() {
  return useRoutes(adminRoutes);
}
