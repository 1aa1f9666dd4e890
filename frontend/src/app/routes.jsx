// Routes are data (style.md 11): every path from config/paths.js, guards around groups.
// Every screen but home is split off (React.lazy); the user's and the admin's dashboards
// are one lazy module each (pages/user/UserRoutes, pages/admin/AdminRoutes) that declares
// its screens, behind the group's guard.
import { lazy } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { paths } from '../config/paths';
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
// A guest's order by its token (docs/orders.md, "Guest checkout").
const GuestOrderPage = lazy(() => import(/* webpackChunkName: "user" */ '../pages/GuestOrderPage'));
// The dashboards' screens: one lazy module per group (its chunk), behind its guard. The
// guards come in a small chunk of their own, first: a refused visitor never fetches a
// dashboard's code.
const Guard = lazy(() => import(/* webpackChunkName: "guard" */ '../features/auth/RouteGuard'));
const UserRoutes = lazy(() => import(/* webpackChunkName: "user" */ '../pages/user/UserRoutes'));
const AdminRoutes = lazy(
  () => import(/* webpackChunkName: "admin" */ '../pages/admin/AdminRoutes'),
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
    element: <Guard />,
    children: [
      { index: true, element: <UserRoutes /> },
      { path: '*', element: <UserRoutes /> },
    ],
  },
  {
    path: paths.adminDashboard,
    element: <Guard admin />,
    children: [
      { index: true, element: <AdminRoutes /> },
      { path: '*', element: <AdminRoutes /> },
    ],
  },
  { path: '/order/:id', element: <GuestOrderPage /> },
  { path: '*', element: <NotFoundPage /> },
];
