import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { apiClient } from '../../lib/apiClient';
import { MESSAGES } from '../../constants/messages';
import { SearchProvider, useSearch } from './SearchContext';
import SearchBox, { SEARCH_MAX_LENGTH } from './SearchBox';

// Only the network is replaced: requests reach this adapter instead of a server.
let adapter;
let originalAdapter;
beforeEach(() => {
  originalAdapter = apiClient.defaults.adapter;
  adapter = vi.fn(async (config) => ({
    data: config.url.includes('/suggest')
      ? {
          success: true,
          suggestions: [
            { type: 'category', name: 'Smartphones', slug: 'smartphones' },
            { type: 'product', name: 'Samsung Galaxy M34 5G', slug: 'samsung-galaxy-m34-5g' },
          ],
        }
      : [{ _id: '1', name: 'Phone', slug: 'phone', description: 'd', price: 1 }],
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  }));
  apiClient.defaults.adapter = adapter;
});
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
});

function Results() {
  const { values } = useSearch();
  const location = useLocation();
  return (
    <p data-testid="results">
      {location.pathname}
      {location.search} {values.results.length}
    </p>
  );
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

const searchCalls = () => adapter.mock.calls.filter(([config]) => config.url.includes('/search/'));

function renderForm() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <SearchProvider>
        <Toaster />
        <SearchBox />
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/search" element={<Results />} />
          <Route path="/product/:slug" element={<Where />} />
          <Route path="/category/:slug" element={<Where />} />
        </Routes>
      </SearchProvider>
    </MemoryRouter>,
  );
}

describe('SearchBox', () => {
  it('sends nothing for a blank keyword and says so (decision F6)', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Search products'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(MESSAGES.emptySearch)).toBeInTheDocument();
    expect(adapter).not.toHaveBeenCalled();
    expect(screen.getByText('home')).toBeInTheDocument();
  });

  it('searches the trimmed keyword, stores the results and opens /search', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Search products'), ' usb c{enter}');
    expect(await screen.findByTestId('results')).toHaveTextContent('/search?q=usb%20c 1');
    expect(searchCalls()).toHaveLength(1);
    expect(searchCalls()[0][0].url).toBe('/api/v1/product/search/usb%20c');
  });

  it('takes at most SEARCH_MAX_LENGTH characters, so the address fits the server limit', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Search products'), 'फ'.repeat(SEARCH_MAX_LENGTH + 50));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('results');
    const url = searchCalls()[0][0].url;
    expect(decodeURIComponent(url.split('/').pop())).toHaveLength(SEARCH_MAX_LENGTH);
    expect(url.length).toBeLessThan(4000);
  });

  it('is a combobox: suggestions after a pause, arrows choose, Enter opens the pick', async () => {
    const user = userEvent.setup();
    renderForm();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'samsn');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'SmartphonesCategory',
      'Samsung Galaxy M34 5G',
    ]);
    // Asked once, for the text after the pause, not once per key.
    const suggestCalls = adapter.mock.calls.filter(([c]) => c.url.includes('/suggest'));
    expect(suggestCalls).toHaveLength(1);
    expect(suggestCalls[0][0].params).toEqual({ q: 'samsn' });
    expect(screen.getByText(/2 suggestions available/)).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('where')).toHaveTextContent('/product/samsung-galaxy-m34-5g');
    expect(searchCalls()).toHaveLength(0);
  });

  it('closes on Escape, and Enter without a pick searches as before', async () => {
    const user = userEvent.setup();
    renderForm();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'samsn');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('samsn');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('results')).toHaveTextContent('/search?q=samsn 1');
    expect(searchCalls()).toHaveLength(1);
  });

  it('a second Escape clears the box; a category pick opens the category', async () => {
    const user = userEvent.setup();
    renderForm();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, 'sm');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
    await user.type(box, 'sam');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    expect(await screen.findByTestId('where')).toHaveTextContent('/category/smartphones');
  });
});
