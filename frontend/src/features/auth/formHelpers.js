// Client checks of spec section 5 (required fields, email shape) and the handling of a
// failed account call (section 8), shared by the register, login, reset and profile forms.
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';

// A deliberately loose shape check; the server has the final word on addresses.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// An Indian mobile, as the contract says: ten digits starting 6-9, optionally after +91 or
// 0; spaces and dashes are only grouping. The server applies the same rule.
const INDIAN_MOBILE = /^(?:\+91|0)?[6-9]\d{9}$/;
export const isIndianMobile = (text) =>
  INDIAN_MOBILE.test(String(text ?? '').replace(/[\s-]/g, ''));

// fields: [{ name, label, required, email, phone, requiredWith }] in screen order.
// `requiredWith` names another field: this one is required when that one is filled.
// Returns { name: message }.
export function validate(values, fields) {
  const errors = {};
  fields.forEach(({ name, label, required, email, phone, requiredWith }) => {
    const value = String(values[name] ?? '').trim();
    const needed = required || (requiredWith && String(values[requiredWith] ?? '') !== '');
    if (needed && !value) errors[name] = MESSAGES.fieldRequired(label);
    else if (email && value && !EMAIL_SHAPE.test(value)) errors[name] = MESSAGES.invalidEmail;
    else if (phone && value && !isIndianMobile(value)) errors[name] = MESSAGES.invalidPhone;
  });
  return errors;
}

// The first field (in screen order) that has an error, or null.
export function firstInvalid(errors, fields) {
  return fields.find(({ name }) => errors[name])?.name ?? null;
}

// Field errors the server sent as `errors: {field: [messages]}`, renamed to the form's own
// field names where they differ (e.g. newPassword).
export function serverFieldErrors(error, rename = {}) {
  const fieldErrors = error?.response?.data?.errors;
  if (!fieldErrors || typeof fieldErrors !== 'object') return {};
  const result = {};
  Object.entries(fieldErrors).forEach(([field, messages]) => {
    const text = Array.isArray(messages) ? messages.join(' ') : String(messages);
    result[rename[field] ?? field] = text;
  });
  return result;
}

// The server's field errors for fields this form has ({} when none): shown beside their
// fields, each once, and not repeated in a toast or the form's alert.
export function ownFieldErrors(error, fields, rename = {}) {
  const errors = serverFieldErrors(error, rename);
  const names = new Set(fields.map((field) => field.name ?? field));
  return Object.fromEntries(Object.entries(errors).filter(([name]) => names.has(name)));
}

// A call that failed: the server's message as an error toast when it sent one; otherwise
// (network error, thrown error) 'Something went wrong' and a log entry.
export function reportFailure(error) {
  const message = errorMessage(error);
  if (message) {
    toast.error(message);
    return message;
  }
  console.error(error);
  toast.error(MESSAGES.somethingWentWrong);
  return MESSAGES.somethingWentWrong;
}
