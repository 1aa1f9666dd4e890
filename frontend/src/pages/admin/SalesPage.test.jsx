// The admin's sales screen against a fake server at the HTTP boundary: the table, the form
// that creates and edits (every field), Pause and Resume, Delete after a confirmation, and
// what it says when the sales cannot be loaded. What the screen shares with the coupons
// screen (the server's refusals of a save or of a table's change) is tested there.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import { SALE_TEXTS } from '../../features/admin/sales';
import { toLocalInput } from '../../features/admin/promotions';
import {
  CATEGORIES,
  callsTo,
  fillIn,
  formOf,
  headers,
  rowOf,
  signInAsAdmin,
  table,
} from '../../features/admin/testing/promotionScreen';
import SalesPage from './SalesPage';
import { PROMOTION_MESSAGES } from '../../features/admin/promotionMessages';

const DAY = 24 * 60 * 60 * 1000;
const iso = (offsetDays) => new Date(Date.now() + offsetDays * DAY).toISOString();
const sale = (id, name, extra = {}) => ({
  _id: String(id),
  name,
  kind: 'percent',
  value: 20,
  products: [],
  categories: [],
  startsAt: iso(-1),
  endsAt: iso(5),
  active: true,
  running: true,
  createdAt: '2026-05-01T04:30:00Z',
  updatedAt: '2026-05-01T04:30:00Z',
  ...extra,
});
const DIWALI = sale(4, 'Diwali Sale', { categories: ['2', '3'] });
const FLASH = sale(3, 'Flash Sale', {
  kind: 'amount',
  value: 500,
  products: ['12', '15', '31'],
  startsAt: iso(10),
  endsAt: iso(11),
  running: false,
});
const SUMMER = sale(2, 'Summer Sale', { startsAt: iso(-40), endsAt: iso(-10), running: false });
const PAUSED = sale(1, 'Monsoon Sale', { categories: ['1'], products: ['7'], active: false });

let server;
let stored;
beforeEach(() => {
  stored = [DIWALI, FLASH, SUMMER, PAUSED];
  signInAsAdmin();
});
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
});

// The server's sales; `routes` replaces any answer.
function serve(routes = {}) {
  server = fakeServer({
    'GET /api/v1/category/get-category': { data: { success: true, category: CATEGORIES } },
    'GET /api/v1/sales': () => ({ data: { success: true, sales: stored } }),
    'POST /api/v1/sales': (body) => {
      const made = sale(9, body.name, { ...body });
      stored = [made, ...stored];
      return { status: 201, data: { success: true, sale: made } };
    },
    'PUT /api/v1/sales/4': (body) => ({ data: { success: true, sale: { ...DIWALI, ...body } } }),
    'PUT /api/v1/sales/1': (body) => ({ data: { success: true, sale: { ...PAUSED, ...body } } }),
    'DELETE /api/v1/sales/3': { data: { success: true } },
    ...routes,
  });
}

function open() {
  return renderRoutes(
    [{ path: '/dashboard/admin/sales', element: <SalesPage /> }],
    '/dashboard/admin/sales',
  );
}

const form = formOf('sale');
const calls = (key) => callsTo(server, key);
const fill = (user, label, text) => fillIn(user, form, label, text);
const when = (at) =>
  new Date(at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

describe('Sales (admin)', () => {
  it('lists the sales: name, discount, what it covers, window and state', async () => {
    serve();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
    await waitFor(() => expect(rowOf('Diwali Sale')).toBeTruthy());
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Discount', 'Covers', 'Window', 'Status', 'Actions']);
    expect(within(table()).getByText('4 sales')).toBeInTheDocument();
    const diwali = within(rowOf('Diwali Sale'));
    expect(diwali.getByText('20% off')).toBeInTheDocument();
    expect(diwali.getByText('2 categories')).toBeInTheDocument();
    expect(
      diwali.getByText(`${when(DIWALI.startsAt)} – ${when(DIWALI.endsAt)}`),
    ).toBeInTheDocument();
    expect(diwali.getByText('Running')).toBeInTheDocument();
    expect(diwali.getByRole('button', { name: 'Edit Diwali Sale' })).toBeInTheDocument();
    expect(diwali.getByRole('button', { name: 'Pause Diwali Sale' })).toBeInTheDocument();
    expect(diwali.getByRole('button', { name: 'Delete Diwali Sale' })).toBeInTheDocument();
    const flash = within(rowOf('Flash Sale'));
    expect(flash.getByText('₹500 off each')).toBeInTheDocument();
    expect(flash.getByText('3 products')).toBeInTheDocument();
    expect(flash.getByText('Scheduled')).toBeInTheDocument();
    expect(within(rowOf('Summer Sale')).getByText('Whole shop')).toBeInTheDocument();
    expect(within(rowOf('Summer Sale')).getByText('Ended')).toBeInTheDocument();
    const monsoon = within(rowOf('Monsoon Sale'));
    expect(monsoon.getByText('1 category, 1 product')).toBeInTheDocument();
    expect(monsoon.getByText('Paused')).toBeInTheDocument();
    expect(monsoon.getByRole('button', { name: 'Resume Monsoon Sale' })).toBeInTheDocument();
    expect(calls('GET /api/v1/sales')[0].authorization).toBe('tok');
  });

  it('creates a sale with every field, and shows it first', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('Diwali Sale')).toBeTruthy());
    await within(form()).findByRole('option', { name: 'Books' });

    await fill(user, 'Name', 'Republic Day Sale');
    await user.selectOptions(within(form()).getByLabelText('Kind'), 'Rupees off');
    await fill(user, 'Value (rupees)', '250');
    await fill(user, 'Starts at', '2027-01-24T00:00');
    await fill(user, 'Ends at', '2027-01-26T23:59');
    await user.selectOptions(within(form()).getByLabelText('Categories'), ['Electronics', 'Books']);
    await fill(user, 'Products (ids)', '12, 15,31');
    await user.click(within(form()).getByLabelText('Active'));
    await user.click(within(form()).getByRole('button', { name: 'Create Sale' }));

    await waitFor(() => expect(calls('POST /api/v1/sales')).toHaveLength(1));
    expect(calls('POST /api/v1/sales')[0].body).toEqual({
      name: 'Republic Day Sale',
      kind: 'amount',
      value: 250,
      startsAt: new Date('2027-01-24T00:00').toISOString(),
      endsAt: new Date('2027-01-26T23:59').toISOString(),
      categories: ['1', '3'],
      products: ['12', '15', '31'],
      active: false,
    });
    expect(await screen.findByText('Sale Republic Day Sale created')).toBeInTheDocument();
    expect(headers()).toEqual([
      'Republic Day Sale',
      'Diwali Sale',
      'Flash Sale',
      'Summer Sale',
      'Monsoon Sale',
    ]);
    expect(within(rowOf('Republic Day Sale')).getByText('Paused')).toBeInTheDocument();
    // The form is empty again for the next one.
    expect(within(form()).getByLabelText('Name')).toHaveValue('');
    expect(within(form()).getByLabelText('Starts at')).toHaveValue('');
  });

  it('checks the form before sending: every problem beside its field, the first with focus', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('Diwali Sale')).toBeTruthy());
    await user.click(within(form()).getByRole('button', { name: 'Create Sale' }));
    const name = within(form()).getByLabelText('Name');
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toBeRequired();
    expect(name).toHaveAccessibleDescription(expect.stringContaining(SALE_TEXTS.nameRequired));
    expect(within(form()).getByLabelText('Value (percent)')).toHaveAccessibleDescription(
      SALE_TEXTS.valueRequired,
    );
    const starts = within(form()).getByLabelText('Starts at');
    expect(starts).toBeRequired();
    expect(starts).toHaveAccessibleDescription(expect.stringContaining(SALE_TEXTS.startsRequired));
    expect(within(form()).getByLabelText('Ends at')).toHaveAccessibleDescription(
      expect.stringContaining(SALE_TEXTS.endsRequired),
    );

    await fill(user, 'Name', 'Late');
    await fill(user, 'Value (percent)', '10');
    await fill(user, 'Starts at', '2026-12-10T09:00');
    await fill(user, 'Ends at', '2026-12-01T09:00');
    await user.click(within(form()).getByRole('button', { name: 'Create Sale' }));
    const ends = within(form()).getByLabelText('Ends at');
    expect(ends).toHaveFocus();
    expect(ends).toHaveAccessibleDescription(expect.stringContaining(SALE_TEXTS.endsBeforeStart));
    expect(calls('POST /api/v1/sales')).toHaveLength(0);
  });

  it('edits a sale in the same form, every field shown, and sends the change', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('Diwali Sale')).toBeTruthy());
    await within(form()).findByRole('option', { name: 'Books' });
    await user.click(
      within(rowOf('Diwali Sale')).getByRole('button', { name: 'Edit Diwali Sale' }),
    );
    const heading = screen.getByRole('heading', { name: 'Edit sale Diwali Sale' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(form()).getByLabelText('Name')).toHaveValue('Diwali Sale');
    expect(within(form()).getByLabelText('Kind')).toHaveValue('percent');
    expect(within(form()).getByLabelText('Value (percent)')).toHaveValue(20);
    expect(within(form()).getByLabelText('Starts at')).toHaveValue(toLocalInput(DIWALI.startsAt));
    expect(within(form()).getByLabelText('Ends at')).toHaveValue(toLocalInput(DIWALI.endsAt));
    const categories = within(form()).getByLabelText('Categories');
    expect([...categories.selectedOptions].map((o) => o.textContent)).toEqual([
      'Clothing',
      'Books',
    ]);
    expect(within(form()).getByLabelText('Products (ids)')).toHaveValue('');
    expect(within(form()).getByLabelText('Active')).toBeChecked();

    await fill(user, 'Value (percent)', '25');
    await user.deselectOptions(categories, 'Books');
    await user.click(within(form()).getByRole('button', { name: 'Save Sale' }));
    await waitFor(() => expect(calls('PUT /api/v1/sales/4')).toHaveLength(1));
    expect(calls('PUT /api/v1/sales/4')[0].body).toEqual({
      name: 'Diwali Sale',
      kind: 'percent',
      value: 25,
      startsAt: new Date(toLocalInput(DIWALI.startsAt)).toISOString(),
      endsAt: new Date(toLocalInput(DIWALI.endsAt)).toISOString(),
      categories: ['2'],
      products: [],
      active: true,
    });
    expect(await screen.findByText('Sale Diwali Sale saved')).toBeInTheDocument();
    expect(within(rowOf('Diwali Sale')).getByText('25% off')).toBeInTheDocument();
    expect(within(rowOf('Diwali Sale')).getByText('1 category')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create a sale' })).toBeInTheDocument();
  });

  it('goes back to creating with Cancel, by keyboard', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('Diwali Sale')).toBeTruthy());
    within(rowOf('Diwali Sale')).getByRole('button', { name: 'Edit Diwali Sale' }).focus();
    await user.keyboard('{Enter}');
    const cancel = within(form()).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    await user.keyboard('{Enter}');
    const heading = screen.getByRole('heading', { name: 'Create a sale' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(form()).getByLabelText('Name')).toHaveValue('');
  });

  it('pauses and resumes a sale, and deletes one once confirmed', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('Diwali Sale')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Pause Diwali Sale' }));
    expect(await within(rowOf('Diwali Sale')).findByText('Paused')).toBeInTheDocument();
    expect(calls('PUT /api/v1/sales/4')[0].body).toEqual({ active: false });
    expect(await screen.findByText('Sale Diwali Sale paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume Monsoon Sale' }));
    expect(await within(rowOf('Monsoon Sale')).findByText('Running')).toBeInTheDocument();
    expect(calls('PUT /api/v1/sales/1')[0].body).toEqual({ active: true });

    await user.click(screen.getByRole('button', { name: 'Delete Flash Sale' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete sale' });
    expect(dialog).toHaveTextContent('Sale Flash Sale will be deleted');
    expect(calls('DELETE /api/v1/sales/3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf('Flash Sale')).toBeUndefined());
    expect(calls('DELETE /api/v1/sales/3')).toHaveLength(1);
    expect(await screen.findByText('Sale Flash Sale deleted')).toBeInTheDocument();
  });

  it('says the sales could not be loaded when the server cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve({ 'GET /api/v1/sales': new Error('Network Error') });
    open();
    await waitFor(() =>
      expect(screen.getByTestId('sales-alert')).toHaveTextContent(
        PROMOTION_MESSAGES.salesLoadFailed,
      ),
    );
  });
});
