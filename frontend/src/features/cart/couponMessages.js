// What the cart's coupon box says (the server's sentence says why a code does not apply).
// Kept with the cart's coupon code, not in constants/messages, so that the first page's
// bundle does not carry it.
export const COUPON_MESSAGES = {
  couponEmpty: 'Please enter a coupon code.',
  couponCheckFailed: 'The coupon could not be checked. Please try again.',
  couponLogin: 'or check out as a guest to apply it.',
  couponApplied: (code, saving) => `Coupon ${code}: −${saving}`,
  couponRemoved: (code) => `Coupon ${code} removed.`,
  couponDropped: (code, reason) => `Coupon ${code} was removed: ${reason}`,
  couponUnchecked: (code) =>
    `Coupon ${code} could not be checked again; the order will say whether it applies.`,
  couponChecking: (code) => `Checking coupon ${code} ...`,
};
