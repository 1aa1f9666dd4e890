import { Suspense } from 'react';
import { useRoutes } from 'react-router-dom';
import { AuthProvider, useAuth } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { getProduct } from '../features/catalog/api';
import { SearchProvider } from '../features/search/SearchContext';
import { WishlistProvider } from '../features/wishlist/WishlistProvider';
import Layout from './layout/Layout';
import ShopRouter from './ShopRouter';
import { routes } from './routes';

function Loading() {
  return (
    <div className="container py-5 text-center" role="status">
      Loading ...
    </div>
  );
}

// The cart and the wishlist follow the signed-in account (features do not import each
// other: the app hands the auth state to them).
function AccountCartProvider({ children }) {
  const { auth } = useAuth();
  const account = auth.token ? String(auth.user?._id ?? auth.user?.email ?? 'signed-in') : null;
  return (
    <CartProvider account={account} session={auth.token} loadProduct={getProduct}>
      <WishlistProvider session={auth.token}>{children}</WishlistProvider>
    </CartProvider>
  );
}

export function AppProviders({ children }) {
  return (
    <AuthProvider>
      <AccountCartProvider>
        <SearchProvider>{children}</SearchProvider>
      </AccountCartProvider>
    </AuthProvider>
  );
}

// A declarative router (ShopRouter): the app uses none of the data router.
const tree = [
  {
    element: (
      <Suspense fallback={<Loading />}>
        <Layout />
      </Suspense>
    ),
    children: routes,
  },
];

function Screens() {
  return useRoutes(tree);
}

export default function App() {
  return (
    <AppProviders>
      <ShopRouter>
        <Screens />
      </ShopRouter>
    </AppProviders>
  );
}
