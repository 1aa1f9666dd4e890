// Every user-facing message of the spec's error catalogue (section 8), spelled as
// decisions.md F3 says. Components import from here; no toast text is written inline.
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  categoryLoadFailed: 'Something went wrong in getting category',
  categoryInputFailed: 'Something went wrong in input form',
  categoryCreated: (name) => `${name} is created`,
  categoryUpdated: (name) => `${name} is updated`,
  categoryDeleted: 'category is deleted',
  productCreated: 'Product Created Successfully',
  productUpdated: 'Product Updated Successfully',
  productDeleted: 'Product Deleted Successfully',
  productSaveFailed: 'something went wrong',
  productListFailed: 'Something Went Wrong',
  profileUpdated: 'Profile Updated Successfully',
  itemAdded: 'Item Added to Cart',
  logout: 'Logout Successfully',
  sessionExpired: 'Your session has ended. Please log in again.',
  emptySearch: 'Please type something to search for',
  loginToCheckout: 'Please login to proceed with checkout.',
  noSimilar: 'No Similar Products found',
  noProducts: 'No Products Found',
  deleteProductConfirm: 'Are You Sure want to delete this product ? ',
  // Admin panel: product not found on its update screen, the users list count.
  productNotFound: 'Product not found',
  usersTotal: (count) => `${count} ${count === 1 ? 'user' : 'users'}`,
  // Account screens: guard countdown, dashboards, form checks before any call.
  redirecting: (seconds) => `redirecting to you in ${seconds} second`,
  welcome: (name) => `Welcome, ${name}!`,
  noAddress: 'No address provided',
  noOrders: 'You have no orders yet.',
  fieldRequired: (label) => `${label} is required`,
  invalidEmail: 'Please enter a valid email address',
  formHasErrors: 'Please correct the highlighted fields.',
};

// Toast defaults of section 8: error 4 s, success 2 s, loading until dismissed, plain 4 s;
// top-center, 8 px apart, at most 350 px wide, removed 1 s after dismissal.
// react-hot-toast 2.6 resolves a toast's duration as: its own, else toastOptions[type],
// else toastOptions.duration, else its built-in default per type. A catch-all `duration`
// would therefore end loading toasts after 4 s, so each type is set on its own. The cap of
// 20 toasts is the library's TOAST_LIMIT, fixed in its store (no option sets it);
// toastOptions.test.jsx pins it, so an upgrade that changes it fails there.
// The toasts start just below the navbar (56 px high, fixed on scroll), not over it: at
// the library's 16 px a toast covered the navbar's search box and Search button for its
// whole life, and longer while pointed at (react-hot-toast pauses a hovered toast).
// The layout moves them further down while the bar is taller (a phone's open menu).
export const TOAST_OPTIONS = {
  position: 'top-center',
  gutter: 8,
  containerStyle: { top: 64 },
  toastOptions: {
    removeDelay: 1000,
    style: { maxWidth: 350 },
    blank: { duration: 4000 },
    error: { duration: 4000 },
    success: { duration: 2000 },
    loading: { duration: Infinity },
  },
};
