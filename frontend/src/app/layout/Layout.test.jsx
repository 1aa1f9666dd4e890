// Focus after an in-app move to another screen (WCAG 2.4.3): the main area takes it, as a
// page load would start at the top, except on the first load and when the new screen put
// focus on a field of its own.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../lib/apiClient';
import { AppProviders } from '../App';
import Layout from './Layout';

let originalAdapter;
beforeEach(() => {
  originalAdapter = apiClient.defaults.adapter;
  apiClient.defaults.adapter = async (config) => ({
    data: { success: true, category: [] },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
  // jsdom has no scrolling; ScrollRestoration calls it on every move.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  apiClient.defaults.adapter = originalAdapter;
});

function FormScreen() {
  const field = useRef(null);
  useEffect(() => field.current.focus(), []);
  return (
    <>
      <h1>Form</h1>
      <label htmlFor="own-field">Own field</label>
      <input id="own-field" ref={field} />
    </>
  );
}

function HomeScreen() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Home</h1>
      <Link to="/second">To the second screen</Link>
      <Link to="/form">To the form</Link>
      <button type="button" onClick={() => navigate('/?page=2')}>
        Same screen, new query
      </button>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <HomeScreen /> },
          { path: '/second', element: <h1>Second</h1> },
          { path: '/form', element: <FormScreen /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const main = () => screen.getByRole('main');

describe('Layout focus on navigation', () => {
  it('leaves focus alone on the first load', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(document.activeElement).toBe(document.body);
  });

  it('moves focus to the main area, without scrolling, when another screen opens', async () => {
    const user = userEvent.setup();
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    renderApp();
    await user.click(await screen.findByRole('link', { name: 'To the second screen' }));
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeInTheDocument();
    await waitFor(() => expect(main()).toHaveFocus());
    const onMain = focus.mock.contexts
      .map((element, index) => [element, focus.mock.calls[index][0]])
      .filter(([element]) => element === main());
    expect(onMain).toEqual([[main(), { preventScroll: true }]]);
  });

  it('also when the move starts outside the main area (navbar, footer)', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Home' });
    const cartLink = screen.getByRole('link', { name: /^Cart, / });
    act(() => cartLink.focus());
    expect(cartLink).toHaveFocus();
    await act(() => router.navigate('/second'));
    await waitFor(() => expect(main()).toHaveFocus());
  });

  it('keeps the focus a new screen gave its own field', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('link', { name: 'To the form' }));
    await waitFor(() => expect(screen.getByLabelText('Own field')).toHaveFocus());
  });

  it('does not move focus when only the query changes on the same screen', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    const button = await screen.findByRole('button', { name: 'Same screen, new query' });
    await user.click(button);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(button).toHaveFocus();
  });
});

const shown = (text) => screen.getByText(text, { selector: '[role=status]' });

describe('Layout toasts on navigation', () => {
  afterEach(() => act(() => toast.remove()));

  it('leaves an error toast behind on its screen, keeps successes and a new screen own errors', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Home' });
    act(() => {
      toast.error('That did not work');
      toast.success('Item Added to Cart');
    });
    expect(shown('That did not work')).toBeInTheDocument();

    await act(() => router.navigate('/second'));
    act(() => {
      toast.error('Second screen trouble');
    });
    await waitFor(
      () =>
        expect(screen.queryByText('That did not work', { selector: '[role=status]' })).toBeNull(),
      {
        timeout: 4000,
      },
    );
    expect(shown('Item Added to Cart')).toBeInTheDocument();
    expect(shown('Second screen trouble')).toBeInTheDocument();
  });
});

describe('Layout scroll per screen', () => {
  const scrolledTo = (y) => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
  };
  afterEach(() => {
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });

  it('starts a new screen at its top and finds the place again on the way back', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Home' });
    scrolledTo(640);
    window.scrollTo.mockClear();

    await act(() => router.navigate('/second'));
    await screen.findByRole('heading', { name: 'Second' });
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrolledTo(0);
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Home' });
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('keeps the place when only the query changes', async () => {
    const user = userEvent.setup();
    const router = renderApp();
    const button = await screen.findByRole('button', { name: 'Same screen, new query' });
    scrolledTo(300);
    window.scrollTo.mockClear();
    await user.click(button);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});
