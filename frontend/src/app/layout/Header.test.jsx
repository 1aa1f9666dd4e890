import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { apiClient } from '../../lib/apiClient';
import { AUTH_KEY, CART_KEY } from '../../constants/storageKeys';
import { AppProviders } from '../App';
import Header from './Header';

// Only the network is replaced: the category list comes from this adapter.
let originalAdapter;
beforeEach(() => {
  originalAdapter = apiClient.defaults.adapter;
  apiClient.defaults.adapter = vi.fn(async (config) => ({
    data: {
      success: true,
      category: [
        { _id: '1', name: 'Electronics', slug: 'electronics' },
        { _id: '2', name: 'Clothing', slug: 'clothing' },
      ],
    },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  }));
});
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
});

function renderHeader({ auth = null, cart = [] } = {}) {
  if (auth) window.localStorage.setItem(AUTH_KEY, JSON.stringify(auth));
  window.localStorage.setItem(CART_KEY, JSON.stringify(cart));
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/']}>
        <Toaster />
        <Header />
        <Routes>
          <Route path="/" element={<p>home page</p>} />
          <Route path="/login" element={<p>login page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('Header', () => {
  it('shows the cart badge at zero and Register/Login for visitors', async () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('lists every category in the Categories dropdown', async () => {
    const user = userEvent.setup();
    renderHeader({ cart: [{ _id: '9', price: 10 }] });
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Categories' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Clothing' })).toHaveAttribute(
      'href',
      '/category/clothing',
    );
    expect(screen.getByRole('link', { name: 'All Categories' })).toHaveAttribute(
      'href',
      '/categories',
    );
  });

  it('gives an admin a Dashboard link to the admin panel and logs out', async () => {
    const user = userEvent.setup();
    renderHeader({ auth: { token: 'tok', user: { name: 'Store Admin', role: 1 } } });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Store Admin' }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/admin',
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logout Successfully')).toBeInTheDocument();
    expect(screen.getByText('login page')).toBeInTheDocument();
    expect(window.localStorage.getItem(AUTH_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends a shopper to the user dashboard', async () => {
    const user = userEvent.setup();
    renderHeader({ auth: { token: 'tok', user: { name: 'Asha', role: 0 } } });
    await user.click(screen.getByRole('button', { name: 'Asha' }));
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/user',
    );
  });

  it('toggles the collapsed menu with an expanded state', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('main-navbar')).toHaveClass('show');
  });

  it('keeps the cart with its count and the search box outside the folding menu (phones)', () => {
    renderHeader({ cart: [{ _id: '1' }, { _id: '2' }] });
    const menu = document.getElementById('main-navbar');
    const cart = screen.getByRole('link', { name: 'Cart, 2 items' });
    expect(menu).not.toContainElement(cart);
    expect(menu).not.toContainElement(screen.getByRole('search'));
    expect(menu).toContainElement(screen.getByRole('link', { name: 'Home' }));
  });
});
