// The server's 400 for a guest checkout names the part and the field: `errors.guest` and
// `errors.shippingAddress` hold sentences that start with the field's label ("Email: ...",
// "PIN code: ..."; docs/orders.md, "Guest checkout"). This turns them into one message
// per form field; what names no field stays in `form`.
const GUEST_LABELS = { Name: 'name', Email: 'email', Phone: 'phone' };
const ADDRESS_LABELS = {
  Name: 'addressName',
  Phone: 'addressPhone',
  'Address line 1': 'line1',
  'Address line 2': 'line2',
  City: 'city',
  State: 'state',
  'PIN code': 'pincode',
};

function sort(sentences, labels, into, fallback) {
  for (const sentence of Array.isArray(sentences) ? sentences : []) {
    const text = String(sentence);
    const label = Object.keys(labels).find((name) => text.startsWith(`${name}: `));
    if (label) into[labels[label]] ??= text.slice(label.length + 2);
    else into[fallback] ??= text;
  }
}

export function guestFieldErrors(data) {
  const errors = data?.errors ?? {};
  const found = {};
  sort(errors.guest, GUEST_LABELS, found, 'form');
  sort(errors.shippingAddress, ADDRESS_LABELS, found, 'line1');
  if (errors.payment) found.payment = String(errors.payment[0]);
  const named = Object.keys(found).length > 0;
  if (!named && data?.message) found.form = data.message;
  if (errors.cart) found.form = String(errors.cart[0]);
  return found;
}
