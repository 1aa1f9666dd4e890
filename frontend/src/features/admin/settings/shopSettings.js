// The Shop settings form's model: the answer's settings as the form's text, the checks
// made before sending (the server checks everything again: GSTIN checksum and state code
// included), and the payload, by the call's field names.
import { gstinProblem, gstinState, normaliseGstin } from '../../../lib/gstin';

// Each section's fields, in the screen's order: [field, label, options].
export const SECTIONS = [
  {
    id: 'shop',
    title: 'Shop details',
    fields: [
      ['legalName', 'Legal name', { required: true, maxLength: 200, autoComplete: 'organization' }],
      [
        'tradeName',
        'Trade name',
        { maxLength: 200, help: 'The name shoppers know; may be blank.' },
      ],
      ['gstin', 'GSTIN', { required: true, maxLength: 20, spellCheck: false, upper: true }],
      ['address', 'Street address', { required: true, maxLength: 300 }],
      ['city', 'City', { required: true, maxLength: 100 }],
      ['state', 'State', { required: true, select: 'states' }],
      ['pincode', 'PIN code', { required: true, maxLength: 6, inputMode: 'numeric' }],
      ['email', 'Customer care e-mail', { required: true, type: 'email' }],
      ['phone', 'Customer care phone', { required: true, type: 'tel', maxLength: 20 }],
      ['tollFree', 'Toll-free number', { type: 'tel', maxLength: 20, help: 'May be blank.' }],
    ],
  },
  {
    id: 'grievance',
    title: 'Grievance officer',
    help: 'Shown in the footer and on the contact page (Consumer Protection (E-Commerce) Rules 2020).',
    fields: [
      ['grievanceName', 'Name', { required: true, maxLength: 100 }],
      ['grievanceDesignation', 'Designation', { required: true, maxLength: 100 }],
      ['grievanceEmail', 'E-mail', { required: true, type: 'email' }],
      ['grievancePhone', 'Phone', { required: true, type: 'tel', maxLength: 20 }],
    ],
  },
  {
    id: 'invoices',
    title: 'Invoices',
    fields: [
      [
        'invoicePrefix',
        'Invoice prefix',
        {
          required: true,
          maxLength: 4,
          upper: true,
          help: '1 to 4 capital letters or digits; invoice numbers start with it.',
        },
      ],
    ],
  },
  {
    id: 'delivery',
    title: 'Delivery & cash on delivery',
    fields: [
      [
        'deliveryCharge',
        'Delivery charge (rupees)',
        { money: true, required: true, help: '0: delivery is always free.' },
      ],
      [
        'freeDeliveryFrom',
        'Free delivery from (rupees)',
        {
          money: true,
          help: 'Orders of at least this much go free; blank: the charge always applies.',
        },
      ],
      ['codLimit', 'Cash on delivery cap (rupees)', { whole: true }],
    ],
  },
];

export const FIELDS = SECTIONS.flatMap((section) => section.fields.map(([field]) => field));
const OPTIONS = Object.fromEntries(
  SECTIONS.flatMap((section) =>
    section.fields.map(([field, label, options]) => [field, { label, ...options }]),
  ),
);
export const optionsOf = (field) => OPTIONS[field];

const text = (value) => (value === null || value === undefined ? '' : String(value));

export function formFromSettings(settings) {
  return Object.fromEntries(FIELDS.map((field) => [field, text(settings?.[field])]));
}

const MONEY = /^\d{1,10}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,8}$/;
const PINCODE = /^\d{6}$/;
const PREFIX = /^[A-Z0-9]{1,4}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// { field: sentence } of what is wrong before sending; {} when nothing is.
export function settingsErrors(form) {
  const errors = {};
  FIELDS.forEach((field) => {
    const { label, required, money, whole, type } = OPTIONS[field];
    const value = form[field].trim();
    if (!value) {
      if (required) errors[field] = `${label} is required.`;
      return;
    }
    if (money && !MONEY.test(value))
      errors[field] = `${label}: an amount of 0 or more, at most 2 decimals.`;
    if (whole && !WHOLE.test(value))
      errors[field] = `${label}: a whole number of rupees, 0 or more.`;
    if (type === 'email' && !EMAIL.test(value)) errors[field] = `Enter a valid e-mail address.`;
  });
  if (form.pincode.trim() && !PINCODE.test(form.pincode.trim())) {
    errors.pincode = 'A PIN code is six digits.';
  }
  if (form.invoicePrefix.trim() && !PREFIX.test(form.invoicePrefix.trim().toUpperCase())) {
    errors.invoicePrefix = 'The invoice prefix is 1 to 4 capital letters A-Z or digits.';
  }
  const gstin = form.gstin.trim() && gstinProblem(form.gstin);
  if (gstin) errors.gstin = gstin;
  else if (form.gstin.trim() && form.state && gstinState(form.gstin) !== form.state) {
    errors.gstin = `The GSTIN must start with the GST code of ${form.state}.`;
  }
  if (
    !errors.freeDeliveryFrom &&
    form.freeDeliveryFrom.trim() &&
    Number(form.deliveryCharge) === 0
  ) {
    errors.freeDeliveryFrom =
      'Free delivery needs a delivery charge to waive; set the charge first.';
  }
  return errors;
}

// The call's body: every field, blanks of the optional amounts as null.
export function settingsPayload(form, updatedAt) {
  const body = { updatedAt };
  FIELDS.forEach((field) => {
    const { money, whole, upper } = OPTIONS[field];
    const value = form[field].trim();
    if (money || whole) body[field] = value === '' ? null : Number(value);
    else body[field] = upper ? value.toUpperCase() : value;
  });
  body.gstin = normaliseGstin(form.gstin);
  return body;
}
