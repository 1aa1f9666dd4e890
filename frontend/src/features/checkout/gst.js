// The GST a cart's total includes, worked out as checkout will charge it (orders/tax.py and
// orders.services.Bill): prices include GST, so a line's tax is its value (price x
// quantity, less its share of the coupon's discount) x rate / (100 + rate), rounded to the
// paisa half up; within the shop's state it is CGST and SGST, each half of it rounded the
// same way; the delivery charge is taxed with the goods at the highest of their rates.
// There is no server call that prices a cart before the order, so the review shows this
// figure; the order's own `taxTotal` is the server's. Integer paise throughout: no binary
// fractions in the rounding.

const paiseOf = (rupees) => Math.round(Number(rupees) * 100);

// round(numerator / denominator) half up, for non-negative integers.
function roundHalfUp(numerator, denominator) {
  const whole = Math.floor(numerator / denominator);
  const rest = numerator - whole * denominator;
  return 2 * rest >= denominator ? whole + 1 : whole;
}

// The tax in paise of a tax-inclusive amount in paise at `rate` percent.
export function taxPaise(amountPaise, rate, intraState) {
  const tax = roundHalfUp(amountPaise * rate, 100 + rate);
  return intraState ? 2 * roundHalfUp(tax, 2) : tax;
}

// lines: [{ price, quantity, rate, discount? }] (rupees; `rate` the GST rate in effect for
// that line, its variant's); charge: the delivery charge (rupees, 0 or null for none);
// intraState: the delivery state is the shop's (CGST + SGST), else IGST. Answers the GST
// in rupees, or null when a line's rate is not known (an entry stored before rates were).
export function gstIncluded({ lines, charge = 0, intraState = false }) {
  if (!lines.length || lines.some(({ rate }) => !Number.isInteger(rate))) return null;
  let tax = 0;
  for (const { price, quantity, rate, discount = 0 } of lines) {
    tax += taxPaise(paiseOf(price) * quantity - paiseOf(discount), rate, intraState);
  }
  const delivery = paiseOf(charge ?? 0);
  if (delivery > 0) {
    tax += taxPaise(delivery, Math.max(...lines.map(({ rate }) => rate)), intraState);
  }
  return tax / 100;
}

// The cart's GST for the review: `lines` as groupCart gives them ({ product, variant,
// quantity }: the rate is the variant's, else the product's, as the product answers give
// them), `shares` the coupon check's `lines` ([{ _id, variant, discount }]; [] without a
// coupon), `discount` the coupon's whole discount, and the delivery and shop states. Null
// while the delivery state is unknown (the profile's free text) or a rate or a share is.
export function cartGst({ lines, shares = [], discount = 0, charge, deliveryState, shopState }) {
  if (!deliveryState || !shopState) return null;
  const shareOf = (line) =>
    shares.find(
      (share) =>
        String(share._id) === String(line.product?._id) &&
        (share.variant == null ||
          line.variant == null ||
          String(share.variant) === String(line.variant._id)),
    );
  const priced = lines.map((line) => ({
    price: line.product?.price,
    quantity: line.quantity,
    rate: line.variant?.gstRate ?? line.product?.gstRate,
    discount: Number(shareOf(line)?.discount) || 0,
  }));
  const shared = priced.reduce((sum, line) => sum + line.discount, 0);
  if (discount > 0 && Math.abs(shared - discount) > 0.005) return null;
  return gstIncluded({ lines: priced, charge, intraState: deliveryState === shopState });
}
