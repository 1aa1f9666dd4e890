// A category's form (name and tax defaults) as text, its checks before sending (as the
// server's: catalog/tax.py valid_hsn, GST_RATE_CHOICES, the threshold and the rate above
// together, the rate above the higher one) and the tax part of the call's body.
export const GST_RATES = [0, 5, 18, 40];
export const HSN_MESSAGE = 'HSN code must be 4 to 8 digits.';

export const EMPTY_CATEGORY = {
  name: '',
  hsn: '',
  gstRate: '18',
  tiered: false,
  gstThreshold: '',
  gstRateAbove: '18',
  countryOfOrigin: 'India',
};

export function categoryForm(category) {
  if (!category) return { ...EMPTY_CATEGORY };
  const tiered = category.gstThreshold !== null && category.gstThreshold !== undefined;
  return {
    name: category.name ?? '',
    hsn: category.hsn ?? '',
    gstRate: String(category.gstRate ?? 18),
    tiered,
    gstThreshold: tiered ? String(category.gstThreshold) : '',
    gstRateAbove: String(category.gstRateAbove ?? 18),
    countryOfOrigin: category.countryOfOrigin || 'India',
  };
}

// { field: sentence }; `hsnRequired` for a new category (the panel asks for one).
export function categoryErrors(form, { hsnRequired = false } = {}) {
  const errors = {};
  if (!form.name.trim()) errors.name = 'Name is required.';
  const hsn = form.hsn.trim();
  if (!hsn && hsnRequired) errors.hsn = 'HSN code is required: 4 to 8 digits.';
  else if (hsn && !/^[0-9]{4,8}$/.test(hsn)) errors.hsn = HSN_MESSAGE;
  if (form.tiered) {
    const threshold = form.gstThreshold.trim();
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(threshold)) {
      errors.gstThreshold = 'Threshold: an amount in rupees, at most 2 decimals.';
    }
    if (Number(form.gstRateAbove) <= Number(form.gstRate)) {
      errors.gstRateAbove = 'The rate above the threshold must be higher than the GST rate.';
    }
  }
  const country = form.countryOfOrigin.trim();
  if (country && country.length < 2)
    errors.countryOfOrigin = 'Country of origin must be 2 to 60 characters.';
  return errors;
}

export function categoryTax(form) {
  return {
    hsn: form.hsn.trim(),
    gstRate: Number(form.gstRate),
    gstThreshold: form.tiered ? Number(form.gstThreshold.trim()) : null,
    gstRateAbove: form.tiered ? Number(form.gstRateAbove) : null,
    countryOfOrigin: form.countryOfOrigin.trim() || 'India',
  };
}
