// Addresses of the address book: the fields the server takes, the client's checks (the
// server has the final word: it also checks the PIN code against the state), and the
// one-line text the server keeps as the profile's address. A business address also keeps
// its GSTIN and business name (both or neither; lib/gstin checks the GSTIN), which
// checkout offers again.
import { MESSAGES } from '../../constants/messages';
import { INDIAN_STATES } from '../../constants/indianStates';
import { businessErrors, normaliseGstin } from '../../lib/gstin';
import { isIndianMobile } from './formHelpers';

export const ADDRESS_FIELDS = [
  { name: 'name', label: 'Full name', required: true },
  { name: 'phone', label: 'Phone', required: true, phone: true },
  { name: 'line1', label: 'Address line 1', required: true },
  { name: 'line2', label: 'Address line 2 (optional)' },
  { name: 'city', label: 'City', required: true },
  { name: 'state', label: 'State', required: true },
  { name: 'pincode', label: 'PIN code', required: true },
  { name: 'gstin', label: 'GSTIN (optional, for a business)', business: true },
  { name: 'businessName', label: 'Business name (optional)', business: true },
];

const STATE_NAMES = new Set(INDIAN_STATES.map((state) => state.name));
export const PIN_SHAPE = /^\d{6}$/;

// { field: message } for what can be told before sending.
export function addressErrors(values) {
  const errors = {};
  ADDRESS_FIELDS.forEach(({ name, label, required, phone }) => {
    const value = String(values[name] ?? '').trim();
    if (required && !value) errors[name] = MESSAGES.fieldRequired(label);
    else if (phone && !isIndianMobile(value)) errors[name] = MESSAGES.invalidPhone;
  });
  const pin = String(values.pincode ?? '').trim();
  if (pin && !PIN_SHAPE.test(pin)) errors.pincode = MESSAGES.invalidPincode;
  if (values.state && !STATE_NAMES.has(values.state))
    errors.state = MESSAGES.fieldRequired('State');
  return { ...errors, ...businessErrors(values) };
}

// The body of POST/PUT: the contract's fields, trimmed; `stateCode` follows the state.
// The GSTIN (compact, in capitals) and business name go only when given: a PUT without
// them makes the address a home address again.
export function addressPayload(values, { isDefault } = {}) {
  const body = {};
  ADDRESS_FIELDS.forEach(({ name, business }) => {
    const value =
      name === 'gstin' ? normaliseGstin(values[name]) : String(values[name] ?? '').trim();
    if (!business || value) body[name] = value;
  });
  if (isDefault !== undefined) body.isDefault = Boolean(isDefault);
  return body;
}

// "Asha Rao, 12 MG Road, Pune, Maharashtra 411001. Phone 9876543210", as Address.text.
export function addressText(address) {
  if (!address) return '';
  const parts = [
    address.name,
    address.line1,
    address.line2,
    address.city,
    `${address.state ?? ''} ${address.pincode ?? ''}`,
  ];
  const text = parts
    .map((part) => String(part ?? '').trim())
    .filter(Boolean)
    .join(', ');
  return address.phone ? `${text}. Phone ${address.phone}` : text;
}

export const defaultAddress = (addresses) =>
  (addresses ?? []).find((address) => address.isDefault) ?? (addresses ?? [])[0] ?? null;
