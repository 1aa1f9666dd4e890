// The Manage Category screen against a fake server at the HTTP boundary (axios adapter):
// the real api.js, apiClient and page logic run; only the network is replaced.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import toast, { Toaster } from 'react-hot-toast';
import { apiClient } from '../../lib/apiClient';
import CreateCategoryPage from './CreateCategoryPage';
import { MESSAGES } from '../../constants/messages';

let server;
let originalAdapter;

const tax = (hsn, gstRate) => ({
  hsn,
  gstRate,
  gstThreshold: null,
  gstRateAbove: null,
  countryOfOrigin: 'India',
});

// A tiny in-memory catalogue that answers like the contract, with a log of the calls.
function fakeServer({ failLoad = false } = {}) {
  const state = {
    categories: [
      { _id: '1', name: 'Electronics', slug: 'electronics', ...tax('8471', 18) },
      { _id: '2', name: 'Phones', slug: 'phones', ...tax('8517', 18) },
      {
        _id: '3',
        name: 'Shoes',
        slug: 'shoes',
        ...tax('6403', 5),
        gstThreshold: 2500,
        gstRateAbove: 18,
      },
    ],
    usedBy: { 2: 3 },
    calls: [],
    nextId: 4,
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
  const taken = (name, except) =>
    state.categories.some((c) => c.name.toLowerCase() === name.toLowerCase() && c._id !== except);
  state.adapter = (config) => {
    const body = config.data ? JSON.parse(config.data) : {};
    state.calls.push({ method: config.method, url: config.url, body });
    const { method, url } = config;
    if (method === 'get' && url === '/api/v1/admin/categories') {
      if (failLoad) return Promise.reject(new Error('Network Error'));
      return reply(config, 200, { success: true, category: [...state.categories] });
    }
    if (method === 'post' && url === '/api/v1/category/create-category') {
      if (taken(body.name)) {
        return reply(config, 409, { success: false, message: 'Category already exists' });
      }
      if (body.hsn === '0000') {
        return reply(config, 400, {
          success: false,
          message: 'HSN code: not a code of the tariff.',
          errors: { hsn: ['Not a code of the tariff.'] },
        });
      }
      const category = { _id: String(state.nextId++), slug: body.name, ...body };
      state.categories.push(category);
      return reply(config, 201, { success: true, message: 'New category created', category });
    }
    const update = url.match(/^\/api\/v1\/category\/update-category\/(\d+)$/);
    if (method === 'put' && update) {
      if (taken(body.name, update[1])) {
        return reply(config, 409, { success: false, message: 'Category already exists' });
      }
      const category = state.categories.find((c) => c._id === update[1]);
      Object.assign(category, body);
      return reply(config, 200, { success: true, message: 'Category updated', category });
    }
    const remove = url.match(/^\/api\/v1\/category\/delete-category\/(\d+)$/);
    if (method === 'delete' && remove) {
      const count = state.usedBy[remove[1]];
      if (count) {
        return reply(config, 409, {
          success: false,
          message: `This category is used by ${count} products`,
        });
      }
      state.categories = state.categories.filter((c) => c._id !== remove[1]);
      return reply(config, 200, { success: true, message: 'Category deleted' });
    }
    return reply(config, 404, { success: false, message: 'Not found' });
  };
  return state;
}

// Click into a field, select what is there and paste over it: a user's edit in few events.
async function fill(user, element, text) {
  await user.tripleClick(element);
  await user.paste(text);
}

function renderPage() {
  return render(
    <MemoryRouter>
      <Toaster />
      <CreateCategoryPage />
    </MemoryRouter>,
  );
}

const loads = () =>
  server.calls.filter((c) => c.method === 'get' && c.url.endsWith('admin/categories')).length;
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

beforeEach(() => {
  originalAdapter = apiClient.defaults.adapter;
});

afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
  // The toast store is module-wide: a toast of one test must not answer for the next.
  toast.remove();
});

function useServer(options) {
  server = fakeServer(options);
  apiClient.defaults.adapter = server.adapter;
}

describe('Manage Category', () => {
  it('sets the page title and lists the categories when it opens', async () => {
    useServer();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Manage Category' })).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Electronics', 'Phones', 'Shoes']));
    expect(document.title).toBe('Dashboard - Create Category - ShopSphere');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Actions']);
  });

  it('creates a category with its HSN code and GST rate, toasts and reloads the list', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(loads()).toBe(1));
    const field = screen.getByLabelText('New category name');
    expect(field).toHaveAttribute('placeholder', 'Enter new category');
    await fill(user, field, 'Laptops');
    await fill(user, screen.getByLabelText('HSN code'), '8471');
    await user.selectOptions(screen.getByLabelText('GST rate'), '18');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Laptops is created')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Electronics', 'Phones', 'Shoes', 'Laptops']));
    expect(server.calls.find((c) => c.method === 'post').body).toEqual({
      name: 'Laptops',
      hsn: '8471',
      gstRate: 18,
      gstThreshold: null,
      gstRateAbove: null,
      countryOfOrigin: 'India',
    });
    expect(loads()).toBe(2);
    expect(field).toHaveValue('');
    expect(screen.getByLabelText('HSN code')).toHaveValue('');
  });

  it('asks for an HSN code of 4 to 8 digits before sending a new category', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(loads()).toBe(1));
    await fill(user, screen.getByLabelText('New category name'), 'Laptops');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const hsn = screen.getByLabelText('HSN code');
    expect(hsn).toHaveAttribute('aria-invalid', 'true');
    expect(hsn).toHaveAccessibleDescription(/HSN code is required/);
    expect(hsn).toHaveFocus();
    await user.type(hsn, '84');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(hsn).toHaveAccessibleDescription(/4 to 8 digits/);
    expect(server.calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('takes a higher rate above a threshold for clothing-like categories', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(loads()).toBe(1));
    await fill(user, screen.getByLabelText('New category name'), 'Kurtas');
    await fill(user, screen.getByLabelText('HSN code'), '6211');
    await user.selectOptions(screen.getByLabelText('GST rate'), '5');
    expect(screen.queryByLabelText('Threshold (rupees a piece)')).toBeNull();
    await user.click(screen.getByLabelText(/higher rate above a price/));
    await fill(user, screen.getByLabelText('Threshold (rupees a piece)'), '2500');
    await user.selectOptions(screen.getByLabelText('GST rate above the threshold'), '5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByLabelText('GST rate above the threshold')).toHaveAccessibleDescription(
      /must be higher/,
    );
    await user.selectOptions(screen.getByLabelText('GST rate above the threshold'), '18');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Kurtas is created')).toBeInTheDocument();
    const post = server.calls.find((c) => c.method === 'post').body;
    expect([post.gstRate, post.gstThreshold, post.gstRateAbove]).toEqual([5, 2500, 18]);
  });

  it("shows the server's problem with a field under that field", async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(loads()).toBe(1));
    await fill(user, screen.getByLabelText('New category name'), 'Odd');
    await fill(user, screen.getByLabelText('HSN code'), '0000');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Not a code of the tariff.')).toBeInTheDocument();
    expect(screen.getByLabelText('HSN code')).toHaveAccessibleDescription(
      /Not a code of the tariff/,
    );
    expect(loads()).toBe(1);
  });

  it("shows the server's message when a create is refused and does not reload", async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(loads()).toBe(1));
    await fill(user, screen.getByLabelText('New category name'), 'phones');
    await fill(user, screen.getByLabelText('HSN code'), '8517');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Category already exists')).toBeInTheDocument();
    expect(loads()).toBe(1);
  });

  it('renames in a prefilled modal that closes on success', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Electronics' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Category' });
    const field = within(dialog).getByLabelText('Category name');
    expect(field).toHaveValue('Electronics');
    expect(within(dialog).getByLabelText(/HSN code/)).toHaveValue('8471');
    expect(dialog.querySelector('.modal-footer')).toBeNull();
    await fill(user, field, 'Gadgets');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Gadgets is updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Gadgets', 'Phones', 'Shoes']));
    const put = server.calls.find((c) => c.method === 'put');
    expect(put.url).toBe('/api/v1/category/update-category/1');
    expect(put.body).toEqual({
      name: 'Gadgets',
      hsn: '8471',
      gstRate: 18,
      gstThreshold: null,
      gstRateAbove: null,
      countryOfOrigin: 'India',
    });
    // The selection was cleared: the next edit starts from the other row's values.
    await user.click(screen.getByRole('button', { name: 'Edit Shoes' }));
    const shoes = screen.getByRole('dialog');
    expect(within(shoes).getByLabelText('Category name')).toHaveValue('Shoes');
    expect(within(shoes).getByLabelText(/higher rate above a price/)).toBeChecked();
    expect(within(shoes).getByLabelText('Threshold (rupees a piece)')).toHaveValue('2500');
    expect(within(shoes).getByLabelText('GST rate above the threshold')).toHaveValue('18');
    expect(within(shoes).getByLabelText('GST rate')).toHaveValue('5');
  });

  it('keeps the modal open with the server message when a rename is refused', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Electronics' }));
    const field = within(screen.getByRole('dialog')).getByLabelText('Category name');
    await fill(user, field, 'PHONES');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Category already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(field).toHaveValue('PHONES');
    expect(loads()).toBe(1);
  });

  it('closing the modal hides it without saving', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Phones' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'put')).toBe(false);
  });

  it('says it is loading instead of showing an empty table', async () => {
    useServer();
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading categories');
    expect(await screen.findByRole('button', { name: 'Delete Phones' })).toBeInTheDocument();
    expect(screen.queryByText('Loading categories ...')).toBeNull();
  });

  it('asks in the confirm modal before deleting: Cancel keeps the category', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Electronics' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete category' });
    expect(dialog).toHaveTextContent(MESSAGES.deleteCategoryConfirm('Electronics'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'delete')).toBe(false);
    expect(rowNames()).toEqual(['Electronics', 'Phones', 'Shoes']);
  });

  it('deletes a category once confirmed, and says why when the server refuses', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    const confirm = async (name) => {
      await user.click(await screen.findByRole('button', { name: `Delete ${name}` }));
      const dialog = screen.getByRole('dialog', { name: 'Delete category' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    };
    await confirm('Phones');
    expect(await screen.findByText('This category is used by 3 products')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Electronics', 'Phones', 'Shoes']);
    await confirm('Electronics');
    expect(await screen.findByText('category is deleted')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Phones', 'Shoes']));
  });

  it('says so when the categories cannot be loaded', async () => {
    useServer({ failLoad: true });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    expect(await screen.findByText('Something went wrong in getting category')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });

  it('says the input form failed when the server cannot be reached', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(loads()).toBe(1));
    apiClient.defaults.adapter = () => Promise.reject(new Error('Network Error'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await fill(user, screen.getByLabelText('New category name'), 'Cameras');
    await fill(user, screen.getByLabelText('HSN code'), '8525');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Something went wrong in input form')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });
});
