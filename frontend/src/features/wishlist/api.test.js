// The wishlist and back-in-stock calls at their contract paths, with the contract's bodies.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../auth/testing/fakeServer';
import { addToWishlist, getWishlist, notifyWhenBack, removeFromWishlist } from './api';

let server;
afterEach(() => server?.restore());

describe('wishlist api', () => {
  it('lists, adds and removes saved products', async () => {
    server = fakeServer({
      'GET /api/v1/auth/wishlist': { data: [{ _id: '5', name: 'Mug' }] },
      'POST /api/v1/auth/wishlist': { status: 201, data: { success: true } },
      'DELETE /api/v1/auth/wishlist/5': { data: { success: true } },
    });
    expect((await getWishlist()).data).toEqual([{ _id: '5', name: 'Mug' }]);
    await addToWishlist('5');
    await removeFromWishlist('5');
    expect(server.calls.map(({ key, body }) => [key, body ?? null])).toEqual([
      ['GET /api/v1/auth/wishlist', null],
      ['POST /api/v1/auth/wishlist', { product: '5' }],
      ['DELETE /api/v1/auth/wishlist/5', null],
    ]);
  });

  it('asks to be told when an item is back, the email and variant only when given', async () => {
    server = fakeServer({
      'POST /api/v1/product/tee/notify': { data: { success: true, message: 'We will email you' } },
    });
    await notifyWhenBack('tee', { email: 'a@b.in', variant: '12' });
    await notifyWhenBack('tee');
    expect(server.calls.map((c) => c.body)).toEqual([{ email: 'a@b.in', variant: '12' }, {}]);
  });
});
