// Routes are data (style.md 11): every path from config/paths.js, guards around groups.
// Every screen but home is split off (React.lazy); dashboard and admin screens have
// chunks of their own.
import { lazy } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { RequireAdmin, RequireUser } from '../features/auth/RouteGuard';
import HomePage from '../pages/HomePage';

// Only home is in the first bundle (the first visit's JavaScript, Total Blocking Time);
// the other shopper screens come in small chunks when first opened.
const ProductDetailsPage = lazy(
  () => import(/* webpackChunkName: "shop" */ '../pages/ProductDetailsPage'),
);
const CategoriesPage = lazy(() => import(/* webpackChunkName: "shop" */ '../pages/CategoriesPage'));
const CategoryProductsPage = lazy(
  () => import(/* webpackChunkName: "shop" */ '../pages/CategoryProductsPage'),
);
const AllProductsPage = lazy(
  () => import(/* webpackChunkName: "shop" */ '../pages/AllProductsPage'),
);
const SearchPage = lazy(() => import(/* webpackChunkName: "shop" */ '../pages/SearchPage'));
const CartPage = lazy(() => import(/* webpackChunkName: "shop" */ '../pages/CartPage'));
const AboutPage = lazy(() => import(/* webpackChunkName: "info" */ '../pages/AboutPage'));
const ContactPage = lazy(() => import(/* webpackChunkName: "info" */ '../pages/ContactPage'));
const PolicyPage = lazy(() => import(/* webpackChunkName: "info" */ '../pages/PolicyPage'));
const FaqPage = lazy(() => import(/* webpackChunkName: "info" */ '../pages/FaqPage'));
const ReturnsPage = lazy(() => import(/* webpackChunkName: "info" */ '../pages/ReturnsPage'));
const TermsPage = lazy(() => import(/* webpackChunkName: "info" */ '../pages/TermsPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "info" */ '../pages/NotFoundPage'));
const RegisterPage = lazy(
  () => import(/* webpackChunkName: "auth" */ '../pages/auth/RegisterPage'),
);
const LoginPage = lazy(() => import(/* webpackChunkName: "auth" */ '../pages/auth/LoginPage'));
const ForgotPasswordPage = lazy(
  () => import(/* webpackChunkName: "auth" */ '../pages/auth/ForgotPasswordPage'),
);

const ResetPasswordPage = lazy(
  () => import(/* webpackChunkName: "auth" */ '../pages/auth/ResetPasswordPage'),
);
const UserDashboardPage = lazy(
  () => import(/* webpackChunkName: "user" */ '../pages/user/UserDashboardPage'),
);
const ProfilePage = lazy(() => import(/* webpackChunkName: "user" */ '../pages/user/ProfilePage'));
const OrdersPage = lazy(() => import(/* webpackChunkName: "user" */ '../pages/user/OrdersPage'));
const OrderDetailPage = lazy(
  () => import(/* webpackChunkName: "user" */ '../pages/user/OrderDetailPage'),
);
const OrderPlacedPage = lazy(
  () => import(/* webpackChunkName: "user" */ '../pages/user/OrderPlacedPage'),
);
const AdminDashboardPage = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/AdminDashboardPage'),
);
const CreateCategoryPage = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/CreateCategoryPage'),
);
const CreateProductPage = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/CreateProductPage'),
);
const ProductsPage = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/ProductsPage'),
);
const UpdateProductPage = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/UpdateProductPage'),
);
const UsersPage = lazy(() => import(/* webpackChunkName: "admin" */ '../pages/admin/UsersPage'));
const AdminOrdersPage = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/OrdersPage'),
);
const CouponsPage = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/CouponsPage'),
);
const SalesPage = lazy(() => import(/* webpackChunkName: "admin" */ '../pages/admin/SalesPage'));
const AdminReturnsPage = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/AdminReturnsPage'),
);
const GstReturnsPage = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/GstReturnsPage'),
);

// Footer links use /categories/{slug} (decision F8): they land on the category screen.
function FooterCategoryRedirect() {
  const { slug } = useParams();
  return <Navigate to={paths.category(slug)} replace />;
}

export const routes = [
  { path: paths.home, element: <HomePage /> },
  { path: paths.product(), element: <ProductDetailsPage /> },
  { path: paths.categories, element: <CategoriesPage /> },
  { path: paths.category(), element: <CategoryProductsPage /> },
  { path: paths.footerCategory(), element: <FooterCategoryRedirect /> },
  { path: paths.products, element: <AllProductsPage /> },
  { path: paths.search, element: <SearchPage /> },
  { path: paths.cart, element: <CartPage /> },
  { path: paths.register, element: <RegisterPage /> },
  { path: paths.login, element: <LoginPage /> },
  { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
  { path: paths.resetPassword(), element: <ResetPasswordPage /> },
  { path: paths.about, element: <AboutPage /> },
  { path: paths.contact, element: <ContactPage /> },
  { path: paths.policy, element: <PolicyPage /> },
  { path: paths.faq, element: <FaqPage /> },
  { path: paths.returns, element: <ReturnsPage /> },
  { path: paths.terms, element: <TermsPage /> },
  {
    path: paths.userDashboard,
    element: <RequireUser />,
    children: [
      { index: true, element: <UserDashboardPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: 'orders/:id', element: <OrderDetailPage /> },
      { path: 'orders/:id/placed', element: <OrderPlacedPage /> },
    ],
  },
  {
    path: paths.adminDashboard,
    element: <RequireAdmin />,
    children: [
      { index: true, element: <AdminDashboardPage /> },
      { path: 'create-category', element: <CreateCategoryPage /> },
      { path: 'create-product', element: <CreateProductPage /> },
      { path: 'products', element: <ProductsPage /> },
      { path: 'product/:slug', element: <UpdateProductPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'orders', element: <AdminOrdersPage /> },
      { path: 'coupons', element: <CouponsPage /> },
      { path: 'sales', element: <SalesPage /> },
      { path: 'returns', element: <AdminReturnsPage /> },
      { path: 'gst-returns', element: <GstReturnsPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];
