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

// A tiny in-memory catalogue that answers like the contract, with a log of the calls.
function fakeServer({ failLoad = false } = {}) {
  const state = {
    categories: [
      { _id: '1', name: 'Electronics', slug: 'electronics' },
      { _id: '2', name: 'Phones', slug: 'phones' },
    ],
    usedBy: { 2: 3 },
    calls: [],
    nextId: 3,
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
    if (method === 'get' && url === '/api/v1/category/get-category') {
      if (failLoad) return Promise.reject(new Error('Network Error'));
      return reply(config, 200, { success: true, category: [...state.categories] });
    }
    if (method === 'post' && url === '/api/v1/category/create-category') {
      if (taken(body.name)) {
        return reply(config, 409, { success: false, message: 'Category already exists' });
      }
      const category = { _id: String(state.nextId++), name: body.name, slug: body.name };
      state.categories.push(category);
      return reply(config, 201, { success: true, message: 'New category created', category });
    }
    const update = url.match(/^\/api\/v1\/category\/update-category\/(\d+)$/);
    if (method === 'put' && update) {
      if (taken(body.name, update[1])) {
        return reply(config, 409, { success: false, message: 'Category already exists' });
      }
      const category = state.categories.find((c) => c._id === update[1]);
      category.name = body.name;
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
  server.calls.filter((c) => c.method === 'get' && c.url.endsWith('get-category')).length;
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
    await waitFor(() => expect(rowNames()).toEqual(['Electronics', 'Phones']));
    expect(document.title).toBe('Dashboard - Create Category - ShopSphere');
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Actions']);
  });

  it('creates a category from the labelled field, toasts and reloads the list', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(loads()).toBe(1));
    const field = screen.getByLabelText('New category name');
    expect(field).toHaveAttribute('placeholder', 'Enter new category');
    await fill(user, field, 'Laptops');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Laptops is created')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Electronics', 'Phones', 'Laptops']));
    expect(server.calls.find((c) => c.method === 'post').body).toEqual({ name: 'Laptops' });
    expect(loads()).toBe(2);
    expect(field).toHaveValue('');
  });

  it("shows the server's message when a create is refused and does not reload", async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(loads()).toBe(1));
    await fill(user, screen.getByLabelText('New category name'), 'phones');
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
    const field = within(dialog).getByRole('textbox');
    expect(field).toHaveValue('Electronics');
    expect(dialog.querySelector('.modal-footer')).toBeNull();
    await fill(user, field, 'Gadgets');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Gadgets is updated')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Gadgets', 'Phones']));
    const put = server.calls.find((c) => c.method === 'put');
    expect(put.url).toBe('/api/v1/category/update-category/1');
    expect(put.body).toEqual({ name: 'Gadgets' });
    // The selection was cleared: the next edit starts from the other row's name.
    await user.click(screen.getByRole('button', { name: 'Edit Phones' }));
    expect(within(screen.getByRole('dialog')).getByRole('textbox')).toHaveValue('Phones');
  });

  it('keeps the modal open with the server message when a rename is refused', async () => {
    useServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Electronics' }));
    const field = within(screen.getByRole('dialog')).getByRole('textbox');
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
    expect(rowNames()).toEqual(['Electronics', 'Phones']);
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
    expect(rowNames()).toEqual(['Electronics', 'Phones']);
    await confirm('Electronics');
    expect(await screen.findByText('category is deleted')).toBeInTheDocument();
    await waitFor(() => expect(rowNames()).toEqual(['Phones']));
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
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Something went wrong in input form')).toBeInTheDocument();
    expect(log).toHaveBeenCalled();
  });
});
