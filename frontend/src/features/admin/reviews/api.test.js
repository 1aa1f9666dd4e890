// The admin's review calls: the list read as a bare page (rows plus the paging headers),
// and a status change.
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../auth/testing/fakeServer';
import { listReviews, setReviewStatus } from './api';

let server;
afterEach(() => server?.restore());

describe('admin reviews api', () => {
  it('hands on the reviews as the page, headers kept', async () => {
    server = fakeServer({
      'GET /api/v1/reviews': {
        data: { success: true, reviews: [{ _id: '1' }] },
        headers: { 'x-total-count': '21', 'x-page-size': '20' },
      },
    });
    const page = await listReviews({ page: 2, status: 'reported' });
    expect(page.data).toEqual([{ _id: '1' }]);
    expect(page.headers['x-total-count']).toBe('21');
  });

  it('publishes or hides one', async () => {
    server = fakeServer({ 'PUT /api/v1/reviews/9/status': { data: { success: true } } });
    await setReviewStatus('9', 'hidden');
    expect(server.calls[0].body).toEqual({ status: 'hidden' });
  });
});
