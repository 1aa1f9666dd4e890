// The shopper's screens under /dashboard/user: one lazily loaded module (the `user`
// chunk), rendered by the sign-in guard (app/routes.jsx) once the server said yes, so the
// first bundle carries one route for the whole group. An address under it that names no
// screen is the not-found page.
import { lazy } from 'react';
import { useRoutes } from 'react-router-dom';
import UserDashboardPage from './UserDashboardPage';
import ProfilePage from './ProfilePage';
import OrdersPage from './OrdersPage';
import OrderDetailPage from './OrderDetailPage';
import OrderPlacedPage from './OrderPlacedPage';
import WishlistPage from './WishlistPage';

const NotFoundPage = lazy(() => import(/* webpackChunkName: "info" */ '../NotFoundPage'));

const userRoutes = [
  { index: true, element: <UserDashboardPage /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'orders', element: <OrdersPage /> },
  { path: 'orders/:id', element: <OrderDetailPage /> },
  { path: 'orders/:id/placed', element: <OrderPlacedPage /> },
  { path: 'wishlist', element: <WishlistPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export default function UserRoutes() {
  return useRoutes(userRoutes);
}
