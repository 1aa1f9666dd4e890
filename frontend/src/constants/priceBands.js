// Price bands in rupees (decision F1): unique ids, the band's real range, and an open
// upper end for "1000 or more" (sent as [1000, null]). Labels group digits the Indian way,
// as every amount on the pages does. A price range of the shopper's own (filters.js) finds
// what the bands are too coarse for ("a phone under ₹15,000").
export const PRICE_BANDS = [
  { _id: 0, name: '₹0 to ₹199', array: [0, 199] },
  { _id: 1, name: '₹200 to ₹349', array: [200, 349] },
  { _id: 2, name: '₹350 to ₹599', array: [350, 599] },
  { _id: 3, name: '₹600 to ₹799', array: [600, 799] },
  { _id: 4, name: '₹800 to ₹999', array: [800, 999] },
  { _id: 5, name: '₹1,000 or more', array: [1000, null] },
];

export function bandById(id) {
  return PRICE_BANDS.find((band) => String(band._id) === String(id)) || null;
}
