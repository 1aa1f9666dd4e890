// Rupees as a tax report shows them: en-IN grouping, always with paise (₹1,10,168.64,
// ₹2,000.00). Intl is fine here: these screens are the admin's, not the first visit's.
const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

export const rupees = (value) => RUPEES.format(Number(value) || 0);

// A figure that a section takes away from the month's totals.
export const minusRupees = (value) => (Number(value) ? `−${rupees(value)}` : rupees(0));

// Whole rupees, for a chart's axis: ₹1,00,000.
const WHOLE = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

export const wholeRupees = (value) => WHOLE.format(Number(value) || 0);
