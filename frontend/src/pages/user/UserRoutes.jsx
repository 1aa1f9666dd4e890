// The shopper's screens under /dashboard/user, behind the sign-in guard: one lazily loaded
// module (the `user` chunk), so the first bundle carries one route for the whole group.
// An address under it that names no screen is the not-found page, outside the guard.
import { lazy } from 'react';
import { useRoutes } from 'react-router-dom';
import { RequireUser } from '../../features/auth/RouteGuard';
import UserDashboardPage from './UserDashboardPage';
import ProfilePage from './ProfilePage';
import OrdersPage from './OrdersPage';
import OrderDetailPage from './OrderDetailPage';
import OrderPlacedPage from './OrderPlacedPage';
import WishlistPage from './WishlistPage';

const NotFoundPage = lazy(() => import(/* webpackChunkName: "info" */ '../NotFoundPage'));

const userRoutes = [
  {
    element: <RequireUser />,
    children: [
      { index: true, element: <UserDashboardPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'orders/:id', element: <OrderDetailPage /> },
      { path: 'orders/:id/placed', element: <OrderPlacedPage /> },
      { path: 'wishlist', element: <WishlistPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export default function UserRoutes() {
  return useRoutes(userRoutes);
}
