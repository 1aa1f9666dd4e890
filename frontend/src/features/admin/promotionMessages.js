// What the admin's coupon and sale screens say. Kept with them, not in
// constants/messages, so that the first page's bundle does not carry it.
export const PROMOTION_MESSAGES = {
  // The admin's coupons.
  couponCreated: (code) => `Coupon ${code} created`,
  couponSaved: (code) => `Coupon ${code} saved`,
  couponPaused: (code) => `Coupon ${code} paused`,
  couponResumed: (code) => `Coupon ${code} resumed`,
  couponDeleted: (code) => `Coupon ${code} deleted`,
  couponsLoadFailed: 'The coupons could not be loaded. Please reload the page.',
  deleteCouponQuestion: (code) =>
    `Coupon ${code} will be deleted: shoppers can no longer apply it. This cannot be undone.`,
  // The admin's sales.
  saleCreated: (name) => `Sale ${name} created`,
  saleSaved: (name) => `Sale ${name} saved`,
  salePaused: (name) => `Sale ${name} paused`,
  saleResumed: (name) => `Sale ${name} resumed`,
  saleDeleted: (name) => `Sale ${name} deleted`,
  salesLoadFailed: 'The sales could not be loaded. Please reload the page.',
  deleteSaleQuestion: (name) =>
    `Sale ${name} will be deleted: its products go back to their regular prices. This cannot be undone.`,
};
