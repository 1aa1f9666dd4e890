// Each review call goes to its contract path with the contract's body, through the one
// API client (answered at its transport by fakeServer).
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../auth/testing/fakeServer';
import {
  createReview,
  deleteReview,
  getReviews,
  markHelpful,
  reportReview,
  updateReview,
} from './api';

let server;
afterEach(() => server?.restore());

describe('reviews api', () => {
  it('reads a page of reviews, sending sort only when it is not the default', async () => {
    const seen = [];
    server = fakeServer({
      'GET /api/v1/product/cotton%20tee/reviews': { data: { success: true, reviews: [] } },
    });
    const { apiClient } = await import('../../lib/apiClient');
    const adapter = apiClient.defaults.adapter;
    apiClient.defaults.adapter = (config) => {
      seen.push(config.params);
      return adapter(config);
    };
    await getReviews('cotton tee', { page: 2, sort: 'helpful' });
    await getReviews('cotton tee', { sort: 'recent' });
    apiClient.defaults.adapter = adapter;
    expect(seen).toEqual([{ page: 2, sort: 'helpful' }, { page: 1 }]);
    expect(server.calls.map((c) => c.key)).toEqual([
      'GET /api/v1/product/cotton%20tee/reviews',
      'GET /api/v1/product/cotton%20tee/reviews',
    ]);
  });

  it('writes, rewrites and deletes one review, votes and reports', async () => {
    server = fakeServer({
      'POST /api/v1/product/tee/reviews': { status: 201, data: { success: true } },
      'PUT /api/v1/reviews/7': { data: { success: true } },
      'DELETE /api/v1/reviews/7': { data: { success: true } },
      'POST /api/v1/reviews/8/helpful': { data: { success: true, helpful: 3 } },
      'POST /api/v1/reviews/8/report': { data: { success: true } },
    });
    const review = { rating: 4, title: 'Soft', body: 'Washes well.' };
    await createReview('tee', { ...review, extra: 'dropped' });
    await updateReview(7, review);
    await deleteReview(7);
    expect((await markHelpful(8)).data.helpful).toBe(3);
    await reportReview(8);
    expect(server.calls.map(({ key, body }) => [key, body ?? null])).toEqual([
      ['POST /api/v1/product/tee/reviews', review],
      ['PUT /api/v1/reviews/7', review],
      ['DELETE /api/v1/reviews/7', null],
      ['POST /api/v1/reviews/8/helpful', null],
      ['POST /api/v1/reviews/8/report', null],
    ]);
  });
});
