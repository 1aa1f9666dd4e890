// Test helpers for the admin's promotions screens (coupons, sales), against fakeServer:
// signed in as an admin, the table's rows by their header cell, the form's region, a field
// filled in by its label, and the calls made to one path.
import { screen, within } from '@testing-library/react';
import { AUTH_KEY } from '../../../constants/storageKeys';

export const ADMIN = { token: 'tok', user: { name: 'Admin', address: '', role: 1 } };

export const signInAsAdmin = () => window.localStorage.setItem(AUTH_KEY, JSON.stringify(ADMIN));

export const CATEGORIES = [
  { _id: '1', name: 'Electronics', slug: 'electronics' },
  { _id: '2', name: 'Clothing', slug: 'clothing' },
  { _id: '3', name: 'Books', slug: 'books' },
];

export const table = () => screen.getByRole('table');

// The row whose header cell (the code or the name) is `name`, or undefined.
export const rowOf = (name) =>
  within(table())
    .getAllByRole('row')
    .find((row) => within(row).queryByRole('rowheader', { name }));

export const headers = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((th) => th.textContent);

// The form's card, named by its heading ("Create a coupon", "Edit sale Diwali Sale").
export const formOf = (noun) => () => screen.getByRole('region', { name: new RegExp(noun, 'i') });

// Replaces the text of the field labelled `label` in `form()` (empty: clears it).
export async function fillIn(user, form, label, text) {
  const field = within(form()).getByLabelText(label);
  await user.clear(field);
  if (text) await user.type(field, text);
}

export const callsTo = (server, key) => server.calls.filter((call) => call.key === key);
