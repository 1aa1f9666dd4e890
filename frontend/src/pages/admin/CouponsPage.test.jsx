// The admin's coupons screen against a fake server at the HTTP boundary: the table, the
// form that creates and edits (every field), Pause and Resume, Delete after a
// confirmation, and the server's refusals in an alert.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { fakeServer } from '../../features/auth/testing/fakeServer';
import { renderRoutes } from '../../features/auth/testing/renderRoutes';
import { COUPON_TEXTS } from '../../features/admin/coupons';
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
import CouponsPage from './CouponsPage';

const coupon = (id, code, extra = {}) => ({
  _id: String(id),
  code,
  kind: 'percent',
  value: 10,
  minOrder: null,
  maxDiscount: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  firstOrderOnly: false,
  prepaidOnly: false,
  categories: [],
  products: [],
  active: true,
  used: 0,
  discountGiven: 0,
  createdAt: '2026-05-01T04:30:00Z',
  updatedAt: '2026-05-01T04:30:00Z',
  ...extra,
});
const SAVE10 = coupon(2, 'SAVE10', {
  maxDiscount: 500,
  minOrder: 999,
  usageLimit: 100,
  used: 3,
  discountGiven: 450.5,
  categories: ['2'],
  products: ['12', '15'],
  endsAt: '2099-06-30T18:29:00Z',
});
const FLAT = coupon(1, 'FLAT100', { kind: 'amount', value: 100, active: false, prepaidOnly: true });

let server;
let stored;
beforeEach(() => {
  stored = [SAVE10, FLAT];
  signInAsAdmin();
});
afterEach(() => {
  server?.restore();
  server = undefined;
  toast.remove();
  window.localStorage.clear();
});

// The server's coupons; `routes` replaces any answer.
function serve(routes = {}) {
  server = fakeServer({
    'GET /api/v1/category/get-category': { data: { success: true, category: CATEGORIES } },
    'GET /api/v1/coupons': () => ({ data: { success: true, coupons: stored } }),
    'POST /api/v1/coupons': (body) => {
      if (stored.some((c) => c.code === body.code)) {
        return {
          status: 409,
          data: { success: false, message: 'A coupon with this code exists.' },
        };
      }
      const made = coupon(9, body.code, { ...body });
      stored = [made, ...stored];
      return { status: 201, data: { success: true, coupon: made } };
    },
    'PUT /api/v1/coupons/2': (body) => ({
      data: { success: true, coupon: { ...SAVE10, ...body } },
    }),
    'PUT /api/v1/coupons/1': (body) => ({ data: { success: true, coupon: { ...FLAT, ...body } } }),
    'DELETE /api/v1/coupons/1': { data: { success: true } },
    ...routes,
  });
}

function open() {
  return renderRoutes(
    [{ path: '/dashboard/admin/coupons', element: <CouponsPage /> }],
    '/dashboard/admin/coupons',
  );
}

const form = formOf('coupon');
const calls = (key) => callsTo(server, key);
const fill = (user, label, text) => fillIn(user, form, label, text);

describe('Coupons (admin)', () => {
  it('lists the coupons: code, discount, window, used / limit, discount given and state', async () => {
    serve();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Coupons' })).toBeInTheDocument();
    await waitFor(() => expect(rowOf('SAVE10')).toBeTruthy());
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Code',
      'Discount',
      'Window',
      'Used / limit',
      'Discount given',
      'Status',
      'Actions',
    ]);
    const save = within(rowOf('SAVE10'));
    expect(save.getByText('10% off, at most ₹500')).toBeInTheDocument();
    expect(save.getByText('orders of ₹999 or more; some items only')).toBeInTheDocument();
    expect(save.getByText(/^Until /)).toBeInTheDocument();
    expect(save.getByText('3 / 100')).toBeInTheDocument();
    expect(save.getByText('₹450.50')).toBeInTheDocument();
    expect(save.getByText('Active')).toBeInTheDocument();
    expect(save.getByRole('button', { name: 'Pause SAVE10' })).toBeInTheDocument();
    const flat = within(rowOf('FLAT100'));
    expect(flat.getByText('₹100 off')).toBeInTheDocument();
    expect(flat.getByText('online payment only')).toBeInTheDocument();
    expect(flat.getByText('Always')).toBeInTheDocument();
    expect(flat.getByText('0 / no limit')).toBeInTheDocument();
    expect(flat.getByText('Paused')).toBeInTheDocument();
    expect(flat.getByRole('button', { name: 'Resume FLAT100' })).toBeInTheDocument();
    expect(calls('GET /api/v1/coupons')[0].authorization).toBe('tok');
  });

  it('creates a coupon with every field, and shows it first', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('SAVE10')).toBeTruthy());
    await within(form()).findByRole('option', { name: 'Books' });

    await fill(user, 'Code', 'diwali25');
    await user.selectOptions(within(form()).getByLabelText('Kind'), 'Percent off');
    await fill(user, 'Value (percent)', '25');
    await fill(user, 'Minimum order (rupees)', '1500');
    await fill(user, 'Maximum discount (rupees)', '750');
    await fill(user, 'Starts at', '2026-10-20T09:00');
    await fill(user, 'Ends at', '2026-11-05T23:59');
    await fill(user, 'Usage limit', '500');
    await fill(user, 'Per customer limit', '1');
    await user.click(within(form()).getByLabelText('First order only'));
    await user.click(within(form()).getByLabelText('Online payment only'));
    await user.selectOptions(within(form()).getByLabelText('Categories'), ['Electronics', 'Books']);
    await fill(user, 'Products (ids)', '12, 15,31');
    await user.click(within(form()).getByRole('button', { name: 'Create Coupon' }));

    await waitFor(() => expect(calls('POST /api/v1/coupons')).toHaveLength(1));
    expect(calls('POST /api/v1/coupons')[0].body).toEqual({
      code: 'DIWALI25',
      kind: 'percent',
      value: 25,
      minOrder: 1500,
      maxDiscount: 750,
      startsAt: new Date('2026-10-20T09:00').toISOString(),
      endsAt: new Date('2026-11-05T23:59').toISOString(),
      usageLimit: 500,
      perCustomerLimit: 1,
      firstOrderOnly: true,
      prepaidOnly: true,
      categories: ['1', '3'],
      products: ['12', '15', '31'],
      active: true,
    });
    expect(await screen.findByText('Coupon DIWALI25 created')).toBeInTheDocument();
    expect(headers()).toEqual(['DIWALI25', 'SAVE10', 'FLAT100']);
    // The form is empty again for the next one.
    expect(within(form()).getByLabelText('Code')).toHaveValue('');
  });

  it('checks the form before sending: the first problem beside its field, with focus', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('SAVE10')).toBeTruthy());
    await fill(user, 'Code', 'NO SPACES');
    await fill(user, 'Value (percent)', '120');
    await fill(user, 'Starts at', '2026-10-20T09:00');
    await fill(user, 'Ends at', '2026-10-01T09:00');
    await user.click(within(form()).getByRole('button', { name: 'Create Coupon' }));
    const code = within(form()).getByLabelText('Code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining(COUPON_TEXTS.codeRule));
    expect(within(form()).getByLabelText('Value (percent)')).toHaveAccessibleDescription(
      COUPON_TEXTS.percentTooHigh,
    );
    expect(within(form()).getByLabelText('Ends at')).toHaveAccessibleDescription(
      expect.stringContaining(COUPON_TEXTS.endsBeforeStart),
    );
    expect(calls('POST /api/v1/coupons')).toHaveLength(0);
  });

  it('shows the server’s refusal in the form’s alert, and its field beside the field', async () => {
    const user = userEvent.setup();
    serve({
      'POST /api/v1/coupons': {
        status: 409,
        data: {
          success: false,
          message: 'A coupon with the code SAVE10 exists.',
          errors: { code: ['A coupon with the code SAVE10 exists.'] },
        },
      },
    });
    open();
    await waitFor(() => expect(rowOf('SAVE10')).toBeTruthy());
    await fill(user, 'Code', 'save10');
    await fill(user, 'Value (percent)', '5');
    await user.click(within(form()).getByRole('button', { name: 'Create Coupon' }));
    const alert = await within(form()).findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('A coupon with the code SAVE10 exists.'));
    const code = within(form()).getByLabelText('Code');
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('save10');
  });

  it('edits a coupon in the same form, every field shown, and sends the change', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('SAVE10')).toBeTruthy());
    await within(form()).findByRole('option', { name: 'Books' });
    await user.click(within(rowOf('SAVE10')).getByRole('button', { name: 'Edit SAVE10' }));
    const heading = screen.getByRole('heading', { name: 'Edit coupon SAVE10' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(form()).getByLabelText('Code')).toHaveValue('SAVE10');
    expect(within(form()).getByLabelText('Value (percent)')).toHaveValue(10);
    expect(within(form()).getByLabelText('Minimum order (rupees)')).toHaveValue(999);
    expect(within(form()).getByLabelText('Usage limit')).toHaveValue(100);
    expect(within(form()).getByLabelText('Ends at')).toHaveValue(
      (() => {
        const d = new Date(SAVE10.endsAt);
        const p = (n) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
      })(),
    );
    const categories = within(form()).getByLabelText('Categories');
    expect([...categories.selectedOptions].map((o) => o.textContent)).toEqual(['Clothing']);
    expect(within(form()).getByLabelText('Products (ids)')).toHaveValue('12, 15');

    await fill(user, 'Value (percent)', '15');
    await fill(user, 'Usage limit', '');
    await user.click(within(form()).getByRole('button', { name: 'Save Coupon' }));
    await waitFor(() => expect(calls('PUT /api/v1/coupons/2')).toHaveLength(1));
    expect(calls('PUT /api/v1/coupons/2')[0].body).toMatchObject({
      code: 'SAVE10',
      value: 15,
      usageLimit: null,
      minOrder: 999,
      maxDiscount: 500,
      endsAt: SAVE10.endsAt.replace('Z', '.000Z'),
      categories: ['2'],
      products: ['12', '15'],
      active: true,
    });
    expect(await screen.findByText('Coupon SAVE10 saved')).toBeInTheDocument();
    expect(within(rowOf('SAVE10')).getByText('15% off, at most ₹500')).toBeInTheDocument();
    expect(within(rowOf('SAVE10')).getByText('3 / no limit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create a coupon' })).toBeInTheDocument();
  });

  it('pauses and resumes a coupon with its active switch', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('SAVE10')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Pause SAVE10' }));
    expect(await within(rowOf('SAVE10')).findByText('Paused')).toBeInTheDocument();
    expect(calls('PUT /api/v1/coupons/2')[0].body).toEqual({ active: false });
    expect(await screen.findByText('Coupon SAVE10 paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume FLAT100' }));
    expect(await within(rowOf('FLAT100')).findByText('Active')).toBeInTheDocument();
    expect(calls('PUT /api/v1/coupons/1')[0].body).toEqual({ active: true });
  });

  it('shows a refused change in the page’s alert', async () => {
    const user = userEvent.setup();
    serve({
      'PUT /api/v1/coupons/2': {
        status: 400,
        data: { success: false, message: 'Ends at must be after the start.' },
      },
    });
    open();
    await waitFor(() => expect(rowOf('SAVE10')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Pause SAVE10' }));
    await waitFor(() =>
      expect(screen.getByTestId('coupons-alert')).toHaveTextContent(
        'Ends at must be after the start.',
      ),
    );
    expect(screen.getByTestId('coupons-alert')).toHaveAttribute('role', 'alert');
    expect(within(rowOf('SAVE10')).getByText('Active')).toBeInTheDocument();
  });

  it('deletes a coupon only after the confirmation', async () => {
    const user = userEvent.setup();
    serve();
    open();
    await waitFor(() => expect(rowOf('FLAT100')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Delete FLAT100' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete coupon' });
    expect(dialog).toHaveTextContent('Coupon FLAT100 will be deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE /api/v1/coupons/1')).toHaveLength(0);
    expect(rowOf('FLAT100')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete FLAT100' }));
    dialog = screen.getByRole('dialog', { name: 'Delete coupon' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf('FLAT100')).toBeUndefined());
    expect(calls('DELETE /api/v1/coupons/1')).toHaveLength(1);
    expect(await screen.findByText('Coupon FLAT100 deleted')).toBeInTheDocument();
  });

  it('says so when the coupons cannot be loaded', async () => {
    serve({
      'GET /api/v1/coupons': { status: 403, data: { success: false, message: 'Admins only.' } },
    });
    open();
    await waitFor(() =>
      expect(screen.getByTestId('coupons-alert')).toHaveTextContent('Admins only.'),
    );
  });
});
