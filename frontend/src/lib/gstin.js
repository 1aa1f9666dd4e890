// A GSTIN as the server checks it (accounts/gstin.py): 15 characters, the state's GST
// code (one of INDIAN_STATES), the PAN (its fourth letter a holder type), the
// registration number (1-9, A-Z), Z, and a check character: Luhn mod 36 over the first
// fourteen in 0-9A-Z. Spaces and hyphens are left out and letters made capitals. The
// server has the final word; this only tells the shopper early. Imported by the cart's
// and the profile's chunks only (never the first page's bundle).
import { INDIAN_STATES } from '../constants/indianStates';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^[0-9]{2}[A-Z]{3}[ABCFGHLJPTK][A-Z][0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const STATE_OF = new Map(INDIAN_STATES.map(({ code, name }) => [code, name]));

export const GSTIN_LENGTH = 15;
export const GSTIN_MESSAGES = {
  format:
    'Enter a valid GSTIN: 15 characters, the state code, the PAN, the registration number, Z and the check character.',
  state: (code) => `Enter a valid GSTIN: it starts with a state's GST code, and ${code} is none.`,
  checksum:
    'Enter a valid GSTIN: its last character does not match the others; please check it for a typo.',
  nameWithoutGstin: 'A business name goes with a GSTIN: add the GSTIN, or leave this empty.',
  gstinWithoutName: 'Please add the business name on the GSTIN',
};

export const normaliseGstin = (value) =>
  String(value ?? '')
    .replace(/[\s-]+/g, '')
    .toUpperCase();

// Luhn mod 36, as python-stdnum's luhn.checksum: 0 for a number whose last character
// is its check character.
function luhn36(number) {
  let sum = 0;
  [...number].reverse().forEach((char, index) => {
    const value = ALPHABET.indexOf(char);
    if (index % 2 === 0) sum += value;
    else {
      const doubled = value * 2;
      sum += Math.floor(doubled / 36) + (doubled % 36);
    }
  });
  return sum % 36;
}

// What is wrong with the GSTIN, as the server would say it, or null when it is valid.
export function gstinProblem(value) {
  const number = normaliseGstin(value);
  if (number.length !== GSTIN_LENGTH || !/^[0-9A-Z]+$/.test(number)) return GSTIN_MESSAGES.format;
  if (/^[0-9]{2}/.test(number) && !STATE_OF.has(number.slice(0, 2))) {
    return GSTIN_MESSAGES.state(number.slice(0, 2));
  }
  if (!SHAPE.test(number) || number.slice(7, 11) === '0000') return GSTIN_MESSAGES.format;
  if (luhn36(number) !== 0) return GSTIN_MESSAGES.checksum;
  return null;
}

// The state a GSTIN is registered in ("Karnataka"), from its first two digits; '' when
// they are no state's code.
export const gstinState = (value) => STATE_OF.get(normaliseGstin(value).slice(0, 2)) ?? '';

// The errors of a GSTIN and business name given together ({gstin, businessName}),
// as the server's: a bad GSTIN, either without the other.
export function businessErrors({ gstin, businessName }) {
  const number = normaliseGstin(gstin);
  const name = String(businessName ?? '').trim();
  if (number) {
    const problem = gstinProblem(number);
    if (problem) return { gstin: problem };
    if (!name) return { businessName: GSTIN_MESSAGES.gstinWithoutName };
  } else if (name) return { businessName: GSTIN_MESSAGES.nameWithoutGstin };
  return {};
}
