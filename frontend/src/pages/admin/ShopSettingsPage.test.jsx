// The Shop settings screen against a fake server at the HTTP boundary (axios adapter):
// the real api.js, apiClient and screen logic run; only the network is replaced.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import toast, { Toaster } from 'react-hot-toast';
import { apiClient } from '../../lib/apiClient';
import ShopSettingsPage from './ShopSettingsPage';
import PlaceholderNotice from '../../features/admin/settings/PlaceholderNotice';

const SETTINGS = {
  legalName: 'ShopSphere Retail Private Limited',
  tradeName: 'ShopSphere',
  address: '4th Floor, Prestige Tech Park, Outer Ring Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  stateCode: '29',
  pincode: '560103',
  gstin: '29AAACS1234A1ZY',
  email: 'support@shopsphere.example.com',
  phone: '+91 80 4567 8900',
  tollFree: '1800 200 7788',
  grievanceName: 'Grievance Desk',
  grievanceDesignation: 'Grievance Officer',
  grievanceEmail: 'grievance@shopsphere.example.com',
  grievancePhone: '+91 80 4567 8900',
  invoicePrefix: 'SS',
  deliveryCharge: 0,
  freeDeliveryFrom: null,
  codLimit: null,
  updatedAt: '2026-11-28T10:00:00.123456Z',
};

let server;
let originalAdapter;

function fakeServer() {
  const state = {
    settings: { ...SETTINGS },
    placeholders: ['legalName', 'gstin'],
    served: { loaded: 0, cod: 0 },
    calls: [],
    stamp: 1,
  };
  const reply = (config, status, data) => {
    if (status >= 400) {
      const error = new Error(`Request failed with status code ${status}`);
      error.config = config;
      error.response = { status, data, config, headers: {} };
      return Promise.reject(error);
    }
    return Promise.resolve({ status, data, config, headers: {}, statusText: 'OK' });
  };
  const answer = (extra = {}) => ({
    success: true,
    settings: { ...state.settings },
    placeholders: state.placeholders,
    codLimitDefault: 50000,
    states: ['Karnataka', 'Maharashtra'],
    ...extra,
  });
  state.adapter = async (config) => {
    const { method, url } = config;
    const isForm = config.data instanceof FormData;
    const body = !config.data || isForm ? {} : JSON.parse(config.data);
    state.calls.push({ method, url, body, params: config.params });
    if (url === '/api/v1/admin/shop-settings' && method === 'get')
      return reply(config, 200, answer());
    if (url === '/api/v1/admin/shop-settings' && method === 'put') {
      if (body.updatedAt !== state.settings.updatedAt) {
        return reply(config, 409, {
          success: false,
          message: 'The shop settings were changed by someone else since you opened them.',
        });
      }
      if (body.invoicePrefix === 'XX') {
        return reply(config, 400, {
          success: false,
          message: 'Invoice prefix: taken by the old books.',
          errors: { invoicePrefix: ['Taken by the old books.'] },
        });
      }
      state.stamp += 1;
      state.settings = {
        ...state.settings,
        ...body,
        updatedAt: `2026-11-28T10:0${state.stamp}:00Z`,
      };
      state.placeholders = [];
      return reply(config, 200, answer({ message: 'Shop settings saved' }));
    }
    if (url === '/api/v1/admin/served-pincodes' && method === 'get') {
      const extra = config.params?.pincode
        ? {
            lookup: {
              pincode: config.params.pincode,
              serviceable: true,
              cod: false,
              listed: true,
              days: null,
              state: 'Delhi',
              city: 'New Delhi',
            },
          }
        : {};
      return reply(config, 200, { success: true, ...state.served, ...extra });
    }
    if (url === '/api/v1/admin/served-pincodes' && method === 'post') {
      const text = await config.data.get('file').text();
      if (text.includes('bad')) {
        return reply(config, 400, {
          success: false,
          message: 'File: Line 3: "bad" is not a six-digit PIN code.',
          errors: {
            file: [
              'Line 3: "bad" is not a six-digit PIN code.',
              'Line 4: cod must be 1 or 0, not "2".',
            ],
          },
        });
      }
      state.served = { loaded: 2, cod: 1 };
      return reply(config, 200, {
        success: true,
        message: 'Loaded 2 PIN codes (1 with cash on delivery).',
        ...state.served,
      });
    }
    if (url === '/api/v1/admin/served-pincodes' && method === 'delete') {
      state.served = { loaded: 0, cod: 0 };
      return reply(config, 200, {
        success: true,
        message: 'The list is removed.',
        ...state.served,
      });
    }
    return reply(config, 404, { success: false, message: 'Not found' });
  };
  return state;
}

function renderPage(element = <ShopSettingsPage />) {
  return render(
    <MemoryRouter>
      <Toaster />
      {element}
    </MemoryRouter>,
  );
}

async function replace(user, element, text) {
  await user.clear(element);
  if (text) await user.type(element, text);
}

const puts = () => server.calls.filter((c) => c.method === 'put');

beforeEach(() => {
  originalAdapter = apiClient.defaults.adapter;
  server = fakeServer();
  apiClient.defaults.adapter = server.adapter;
});

afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
  toast.remove();
});

describe('Shop settings', () => {
  it('shows every section with labelled fields filled from the server', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Shop settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Legal name')).toHaveValue(SETTINGS.legalName);
    const legends = [...document.querySelectorAll('legend')].map((legend) => legend.textContent);
    expect(legends).toEqual([
      'Shop details',
      'Grievance officer',
      'Invoices',
      'Delivery & cash on delivery',
    ]);
    expect(screen.getByLabelText('State')).toHaveValue('Karnataka');
    expect(screen.getByLabelText(/Cash on delivery cap/)).toHaveValue('');
    expect(screen.getByLabelText(/Cash on delivery cap/)).toHaveAccessibleDescription(/50,000/);
    expect(screen.getByRole('heading', { name: 'Served PIN codes' })).toBeInTheDocument();
    expect(await screen.findByTestId('served-counts')).toHaveTextContent(
      'No list is loaded: every PIN code is served',
    );
    expect(document.title).toBe('Dashboard - Shop settings - ShopSphere');
  });

  it('saves the legal name, delivery charge and cap with the loaded stamp, and toasts', async () => {
    const user = userEvent.setup();
    renderPage();
    await replace(user, await screen.findByLabelText('Legal name'), 'Asha Textiles LLP');
    await replace(user, screen.getByLabelText(/Delivery charge/), '49.50');
    await replace(user, screen.getByLabelText(/Cash on delivery cap/), '20000');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Shop settings saved')).toBeInTheDocument();
    const [put] = puts();
    expect(put.body).toMatchObject({
      updatedAt: SETTINGS.updatedAt,
      legalName: 'Asha Textiles LLP',
      deliveryCharge: 49.5,
      freeDeliveryFrom: null,
      codLimit: 20000,
      gstin: '29AAACS1234A1ZY',
    });
    // The form now holds the saved copy, and a second save sends the new stamp.
    const saved = server.settings.updatedAt;
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1].body.updatedAt).toBe(saved);
  });

  it('shows problems next to their fields and sends nothing while any is there', async () => {
    const user = userEvent.setup();
    renderPage();
    const pincode = await screen.findByLabelText('PIN code');
    await replace(user, pincode, '5601');
    await replace(user, screen.getByLabelText('GSTIN'), '27AAPFU0939F1ZV');
    await replace(user, screen.getByLabelText(/Free delivery from/), '499');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(screen.getByLabelText('GSTIN')).toHaveAccessibleDescription(/GST code of Karnataka/);
    expect(screen.getByLabelText('GSTIN')).toHaveFocus();
    expect(pincode).toHaveAttribute('aria-invalid', 'true');
    expect(pincode).toHaveAccessibleDescription('A PIN code is six digits.');
    expect(screen.getByLabelText(/Free delivery from/)).toHaveAccessibleDescription(
      /needs a delivery charge/,
    );
    expect(puts()).toHaveLength(0);
  });

  it("puts the server's field problem under the field", async () => {
    const user = userEvent.setup();
    renderPage();
    await replace(user, await screen.findByLabelText('Invoice prefix'), 'XX');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Taken by the old books.')).toBeInTheDocument();
    expect(screen.getByLabelText('Invoice prefix')).toHaveFocus();
    expect(screen.getByLabelText('Invoice prefix')).toHaveValue('XX');
  });

  it('says when another admin saved first and loads their settings on request', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('City');
    server.settings = { ...server.settings, city: 'Mysuru', updatedAt: '2026-11-28T11:00:00Z' };
    await replace(user, screen.getByLabelText('City'), 'Pune');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('changed by someone else');
    await user.click(within(alert).getByRole('button', { name: 'Load the saved settings' }));
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Mysuru'));
  });

  it('lists the problems of a refused CSV, then loads a good one', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByTestId('served-counts');
    const input = screen.getByLabelText('CSV file of served PIN codes');
    await user.upload(
      input,
      new File(['pincode,cod\n400001,1\nbad,1\n'], 'bad.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const problems = await screen.findByTestId('served-problems');
    expect(problems).toHaveTextContent('nothing changed');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 3: "bad" is not a six-digit PIN code.',
      'Line 4: cod must be 1 or 0, not "2".',
    ]);
    await user.upload(input, new File(['pincode,cod\n400001,1\n110001,0\n'], 'good.csv'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText('Loaded 2 PIN codes (1 with cash on delivery).'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('served-counts')).toHaveTextContent(
        '2 PIN codes served, 1 with cash on delivery.',
      ),
    );
    expect(screen.queryByTestId('served-problems')).toBeNull();
  });

  it('asks before removing the list, and looks up a PIN code', async () => {
    server.served = { loaded: 3, cod: 2 };
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('3 PIN codes served, 2 with cash on delivery.');
    await user.click(screen.getByRole('button', { name: 'Remove the list' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the served PIN codes' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove the list' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The list is removed.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('served-counts')).toHaveTextContent('No list is loaded'),
    );
    await user.type(screen.getByLabelText('Check a PIN code'), '110001');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('110001 (New Delhi, Delhi): served, without cash on delivery.'),
    ).toBeInTheDocument();
  });
});

describe('the placeholder notice', () => {
  it('asks the owner to fill in the details while they are placeholders', async () => {
    renderPage(<PlaceholderNotice />);
    const notice = await screen.findByTestId('placeholder-notice');
    expect(notice).toHaveTextContent(
      'Your shop details are still the placeholders: fill them in Shop settings',
    );
    expect(within(notice).getByRole('link', { name: 'Shop settings' })).toHaveAttribute(
      'href',
      '/dashboard/admin/settings',
    );
  });

  it('is not there once they are the shop’s own', async () => {
    server.placeholders = [];
    renderPage(<PlaceholderNotice />);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('placeholder-notice')).toBeNull();
  });
});
