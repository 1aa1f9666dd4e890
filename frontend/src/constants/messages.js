// Every user-facing message of the spec's error catalogue (section 8), spelled as
// decisions.md F3 says. Components import from here; no toast text is written inline.
// "a", "a and b", "a, b and c".
function listText(items) {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

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
  resultsFound: (count) => `${count} ${count === 1 ? 'result' : 'results'} found`,
  deleteProductConfirm: 'Are you sure you want to delete this product?',
  deleteCategoryConfirm: (name) => `Are you sure you want to delete the category ${name}?`,
  // Admin panel: product not found on its update screen, the users list count.
  productNotFound: 'Product not found',
  // Update Product: someone else saved the product after this form was loaded (409).
  productChangedElsewhere:
    'This product was changed by someone else since you opened it. Your changes were not saved: reload it to see theirs, then make yours again.',
  reloadProduct: 'Reload product',
  usersTotal: (count) => `${count} ${count === 1 ? 'user' : 'users'}`,
  // Account screens: guard countdown, dashboards, form checks before any call.
  redirecting: (seconds) => `Redirecting you in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`,
  checkingSession: 'Checking your session ...',
  // Why a guard sends a signed-out visitor away (the countdown and the login form say it).
  signInFor: (what) => `Please sign in to see your ${what}`,
  adminsOnly: 'This page is for the shop’s admins.',
  sessionCheckFailed: 'We could not reach the server to check your session.',
  welcome: (name) => `Welcome, ${name}!`,
  noAddress: 'No address provided',
  noOrders: 'You have no orders yet.',
  // Cart and orders.
  outOfStock: 'Sorry, this product is out of stock',
  cartLimit: (count) => `You can order at most ${count} of this product`,
  itemRemoved: (name) => `${name} removed from your cart`,
  cartItemGone: (names) => `No longer available, removed from your cart: ${names.join(', ')}`,
  cartPriceChanged: 'Some prices have changed since you added the items',
  // Variants: the product page's choice, the cards, and a cart line whose variant left.
  chooseOptionsFirst: 'Please choose this product’s options first',
  chooseOptions: (names) => `Please choose your ${listText(names).toLowerCase()} first.`,
  chooseOptionsLink: 'Choose options',
  fromPrice: (price) => `from ${price}`,
  valueSoldOut: 'sold out',
  valueUnsold: (others) =>
    others.length ? `not available with ${listText(others)}` : 'not available',
  clearChoice: 'Clear choice',
  variantGone: (label) => `${label} is no longer available and was removed from your cart.`,
  variantNeeded: (name) =>
    `${name} now comes in more than one option and was removed from your cart: please choose yours on its page.`,
  orderPlaced: 'Order placed. Your cart is empty now; pay in cash on delivery.',
  // Paying online (Razorpay): the cart's and the orders' live region, and the toasts.
  paymentNotCompleted: 'Payment not completed',
  orderPaidNow: (id) => `Payment received for order #${id}.`,
  orderCancelled: 'Order cancelled',
  cancelOrderTitle: (id) => `Cancel order #${id}?`,
  cancelOrderQuestion: (id, paidOnline = false) =>
    `Order #${id} will be cancelled and its items go back on sale.` +
    (paidOnline ? ' What was paid online is refunded to the way it was paid.' : '') +
    ' This cannot be undone.',
  returnOrderTitle: (id) => `Mark order #${id} as Returned?`,
  returnOrderQuestion: (id) =>
    `Every item of order #${id} not already returned or cancelled goes back in stock, a credit note is issued for it, and a payment made online is refunded. This cannot be undone.`,
  confirmReturnOrder: 'Mark Returned',
  keepOrder: 'Keep order',
  confirmCancelOrder: 'Cancel order',
  orderStatusUpdated: (status) => `Order marked ${status}`,
  fieldRequired: (label) => `${label} is required`,
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Phone must be a 10-digit Indian mobile number, optionally after +91 or 0.',
  formHasErrors: 'Please correct the highlighted fields.',
  // Selling in India: addresses, delivery checks, invoices.
  invalidPincode: 'PIN code must be six digits.',
  addressSaved: 'Address saved',
  addressDeleted: 'Address deleted',
  defaultAddressSet: 'Default address changed',
  deleteAddressTitle: 'Delete this address?',
  deleteAddressQuestion: (text) => `${text} will be removed from your address book.`,
  noAddresses: 'You have no saved addresses yet.',
  addressesLoadFailed: 'Your addresses could not be loaded. Please reload the page.',
  inclusiveOfTaxes: 'Inclusive of all taxes',
  pricesInclusive: 'Prices are inclusive of all taxes',
  deliversTo: (city, state, cod) =>
    `Delivers to ${city}, ${state}. Cash on delivery ${cod ? 'available' : 'not available'}.`,
  notDelivered: (pin) => `Sorry, we do not deliver to ${pin} yet.`,
  downloadFailed: 'The document could not be downloaded. Please try again.',
  answerHint:
    'Your security answer: if you forget your password and cannot use the reset link we ' +
    'email you, this answer lets you set a new one. Pick one others cannot guess.',
};

// Toast defaults of section 8: error 4 s, success 2 s, loading until dismissed, plain 4 s;
// 8 px apart, at most 350 px wide, removed 1 s after dismissal.
// react-hot-toast 2.6 resolves a toast's duration as: its own, else toastOptions[type],
// else toastOptions.duration, else its built-in default per type. A catch-all `duration`
// would therefore end loading toasts after 4 s, so each type is set on its own. The cap of
// 20 toasts is the library's TOAST_LIMIT, fixed in its store (no option sets it);
// toastOptions.test.jsx pins it, so an upgrade that changes it fails there.
// The spec puts them top-center, but there a toast sat on the page's heading or its first
// form field (login, profile, the product's name) for its whole life, and longer while
// pointed at (react-hot-toast pauses a hovered toast). At the bottom, centred, they cover
// neither, nor the navbar's search box and menu.
export const TOAST_OPTIONS = {
  position: 'bottom-center',
  gutter: 8,
  // Above the cart's sticky bar on phones (CartPage sets its height; 0 elsewhere).
  containerStyle: { bottom: 'calc(16px + var(--sticky-bar-height, 0px))' },
  toastOptions: {
    removeDelay: 1000,
    style: { maxWidth: 350 },
    blank: { duration: 4000 },
    error: { duration: 4000 },
    success: { duration: 2000 },
    loading: { duration: Infinity },
  },
};
