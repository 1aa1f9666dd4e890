// The hearts on cards share one wishlist per session: a guest's heart asks nothing and
// goes to login with the way back; a signed-in shopper's hearts read the list once, and a
// click saves or removes at once (toast), put back when the server refuses.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import toast, { Toaster } from 'react-hot-toast';
import { fakeServer } from '../auth/testing/fakeServer';
import WishlistHeart from '../../components/WishlistHeart';
import { WishlistProvider } from './WishlistProvider';

const mug = { _id: '5', name: 'Mug', slug: 'mug', price: 299, quantity: 3 };
const tee = { _id: '6', name: 'Tee', slug: 'tee', price: 499, quantity: 0 };

let server;
afterEach(() => {
  server?.restore();
  toast.remove();
});

function Login() {
  const location = useLocation();
  return <p>login, back to {location.state?.from}</p>;
}

function renderHearts(session, path = '/category/kitchen?page=2') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Toaster />
      <WishlistProvider session={session}>
        <Routes>
          <Route
            path="/category/:slug"
            element={
              <>
                <WishlistHeart product={mug} name={mug.name} />
                <WishlistHeart product={tee} name={tee.name} />
              </>
            }
          />
          <Route path="/login" element={<Login />} />
        </Routes>
      </WishlistProvider>
    </MemoryRouter>,
  );
}

describe('wishlist hearts', () => {
  it('asks nothing for a guest, and sends a guest’s click to login with the way back', async () => {
    server = fakeServer({});
    const user = userEvent.setup();
    renderHearts('');
    const heart = screen.getByRole('button', { name: 'Save to wishlist: Mug' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(screen.getByText('login, back to /category/kitchen?page=2')).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('reads the list once for every heart, and shows the saved ones pressed', async () => {
    server = fakeServer({ 'GET /api/v1/auth/wishlist': { data: [mug] } });
    renderHearts('tok');
    const saved = await screen.findByRole('button', { name: 'Remove from wishlist: Mug' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Save to wishlist: Tee' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(server.calls.map((c) => c.key)).toEqual(['GET /api/v1/auth/wishlist']);
  });

  it('saves and removes with a click, and says so', async () => {
    server = fakeServer({
      'GET /api/v1/auth/wishlist': { data: [] },
      'POST /api/v1/auth/wishlist': { status: 201, data: { success: true } },
      'DELETE /api/v1/auth/wishlist/6': { data: { success: true } },
    });
    const user = userEvent.setup();
    renderHearts('tok');
    const heart = await screen.findByRole('button', { name: 'Save to wishlist: Tee' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    // The hearts' actions arrive with the first one (a chunk of their own).
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(heart).toHaveAccessibleName('Remove from wishlist: Tee');
    expect(await screen.findByText('Saved to your wishlist')).toBeInTheDocument();
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByText('Removed from your wishlist')).toBeInTheDocument();
    expect(server.calls.map(({ key, body }) => [key, body ?? null])).toEqual([
      ['GET /api/v1/auth/wishlist', null],
      ['POST /api/v1/auth/wishlist', { product: '6' }],
      ['DELETE /api/v1/auth/wishlist/6', null],
    ]);
  });

  it('puts the heart back and shows the server’s reason when saving fails', async () => {
    server = fakeServer({
      'GET /api/v1/auth/wishlist': { data: [] },
      'POST /api/v1/auth/wishlist': {
        status: 400,
        data: { success: false, message: 'Your wishlist is full.' },
      },
    });
    const user = userEvent.setup();
    renderHearts('tok');
    const heart = await screen.findByRole('button', { name: 'Save to wishlist: Mug' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    expect(await screen.findByText('Your wishlist is full.')).toBeInTheDocument();
    expect(heart).toHaveAttribute('aria-pressed', 'false');
  });

  it('renders no heart without the provider', () => {
    render(
      <MemoryRouter>
        <WishlistHeart product={mug} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
