import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { apiClient } from '../../lib/apiClient';
import { MESSAGES } from '../../constants/messages';
import { SearchProvider, useSearch } from './SearchContext';
import SearchForm, { SEARCH_MAX_LENGTH } from './SearchForm';

// Only the network is replaced: requests reach this adapter instead of a server.
let adapter;
let originalAdapter;
beforeEach(() => {
  originalAdapter = apiClient.defaults.adapter;
  adapter = vi.fn(async (config) => ({
    data: [{ _id: '1', name: 'Phone', slug: 'phone', description: 'd', price: 1 }],
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

function renderForm() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <SearchProvider>
        <Toaster />
        <SearchForm />
        <Routes>
          <Route path="/" element={<p>home</p>} />
          <Route path="/search" element={<Results />} />
        </Routes>
      </SearchProvider>
    </MemoryRouter>,
  );
}

describe('SearchForm', () => {
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
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(adapter.mock.calls[0][0].url).toBe('/api/v1/product/search/usb%20c');
  });

  it('takes at most SEARCH_MAX_LENGTH characters, so the address fits the server limit', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Search products'), 'फ'.repeat(SEARCH_MAX_LENGTH + 50));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByTestId('results');
    const url = adapter.mock.calls[0][0].url;
    expect(decodeURIComponent(url.split('/').pop())).toHaveLength(SEARCH_MAX_LENGTH);
    expect(url.length).toBeLessThan(4000);
  });
});
