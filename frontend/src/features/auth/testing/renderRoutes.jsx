// Test helper: renders routes inside the real AuthProvider and a memory router, with the
// toast area, starting at `path` (a query string allowed; optionally with location state).
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from '../AuthContext';

// Shows where the app navigated to and the state it carried.
export function WhereAmI() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname} {JSON.stringify(location.state ?? null)}
    </p>
  );
}

export function renderRoutes(routes, path, state) {
  const [pathname, query] = path.split('?');
  const search = query ? `?${query}` : '';
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname, search, state }] });
  const view = render(
    <AuthProvider>
      <Toaster />
      <RouterProvider router={router} />
    </AuthProvider>,
  );
  return { ...view, router };
}
