// Every client route of the spec (section 2), in one place. Builders take the dynamic part.
export const paths = {
  home: '/',
  product: (slug = ':slug') => `/product/${slug}`,
  categories: '/categories',
  category: (slug = ':slug') => `/category/${slug}`,
  footerCategory: (slug = ':slug') => `/categories/${slug}`,
  products: '/products',
  search: '/search',
  cart: '/cart',
  register: '/register',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: (uid = ':uid', token = ':token') => `/reset-password/${uid}/${token}`,
  about: '/about',
  contact: '/contact',
  policy: '/policy',
  faq: '/faq',
  returns: '/returns',
  terms: '/terms',
  userDashboard: '/dashboard/user',
  userProfile: '/dashboard/user/profile',
  userOrders: '/dashboard/user/orders',
  adminDashboard: '/dashboard/admin',
  adminCreateCategory: '/dashboard/admin/create-category',
  adminCreateProduct: '/dashboard/admin/create-product',
  adminProducts: '/dashboard/admin/products',
  adminProduct: (slug = ':slug') => `/dashboard/admin/product/${slug}`,
  adminUsers: '/dashboard/admin/users',
  adminOrders: '/dashboard/admin/orders',
};

// The API is served by the same Django app; another host can be configured at build time.
export const API_BASE = process.env.API_BASE || '';
