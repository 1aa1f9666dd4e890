import { Suspense } from 'react';
import { useRoutes } from 'react-router-dom';
import { AuthProvider } from '../features/auth/AuthContext';
import { CartProvider } from '../features/cart/CartContext';
import { SearchProvider } from '../features/search/SearchContext';
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

export function AppProviders({ children }) {
  return (
    <AuthProvider>
      <CartProvider>
        <SearchProvider>{children}</SearchProvider>
      </CartProvider>
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
