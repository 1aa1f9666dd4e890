// The product page's reviews: the summary and its bars, the list in the order chosen and
// by pages, review text as plain text, a guest's way to sign in, and a signed-in
// shopper's vote, report and own review (written, rewritten, deleted).
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import toast, { Toaster } from 'react-hot-toast';
import { fakeServer } from '../auth/testing/fakeServer';
import ReviewsSection from './ReviewsSection';

const product = { _id: '5', slug: 'cotton-tee', name: 'Cotton Tee' };
const LIST = 'GET /api/v1/product/cotton-tee/reviews';
const review = (id, fields = {}) => ({
  _id: id,
  rating: 4,
  title: `Title ${id}`,
  body: `Body ${id}`,
  author: 'Asha K.',
  verified: false,
  helpful: 0,
  createdAt: '2026-03-04T10:00:00Z',
  ...fields,
});
const RATING = { average: 4.3, count: 12, histogram: { 1: 1, 2: 0, 3: 1, 4: 4, 5: 6 } };
const answer = (reviews, rating = RATING) => ({
  data: { success: true, reviews, rating, total: rating.count },
  headers: { 'x-total-count': String(rating.count), 'x-page-size': '10' },
});

let server;
afterEach(() => {
  server?.restore();
  toast.remove();
});

function Login() {
  return <p>login, back to {useLocation().state?.from}</p>;
}

function renderSection({ signedIn = false, onRating } = {}) {
  return render(
    <MemoryRouter initialEntries={['/product/cotton-tee?variant=3']}>
      <Toaster />
      <Routes>
        <Route
          path="/product/:slug"
          element={<ReviewsSection product={product} signedIn={signedIn} onRating={onRating} />}
        />
        <Route path="/login" element={<Login />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ReviewsSection for anyone', () => {
  it('shows the average, the count and a bar per star, said in words', async () => {
    server = fakeServer({ [LIST]: answer([review('1')]) });
    const seen = [];
    renderSection({ onRating: (rating) => seen.push(rating) });
    expect(await screen.findByText('4.3 out of 5')).toBeInTheDocument();
    expect(screen.getByText('(12 reviews)')).toBeInTheDocument();
    const bars = within(screen.getByRole('list', { name: 'Reviews by stars' })).getAllByRole(
      'listitem',
    );
    expect(bars.map((bar) => bar.querySelector('.visually-hidden').textContent)).toEqual([
      '5 stars: 6 reviews',
      '4 stars: 4 reviews',
      '3 stars: 1 review',
      '2 stars: 0 reviews',
      '1 star: 1 review',
    ]);
    expect(bars[0].querySelector('.progress-bar').style.width).toBe('50%');
    expect(seen).toEqual([RATING]);
  });

  it('says so when there are no reviews yet', async () => {
    server = fakeServer({ [LIST]: answer([], { average: null, count: 0, histogram: {} }) });
    renderSection();
    expect(
      await screen.findByText('No reviews yet. Be the first to review this product.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Sort reviews')).not.toBeInTheDocument();
  });

  it('shows each review with its stars, author, date and a Verified buyer badge', async () => {
    server = fakeServer({
      [LIST]: answer([review('1', { verified: true, rating: 5, helpful: 3 }), review('2')]),
    });
    renderSection();
    const first = await screen.findByTestId('review-1');
    expect(within(first).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(within(first).getByText('Verified buyer')).toHaveClass('badge');
    expect(within(first).getByText('By Asha K. on 4 Mar 2026')).toBeInTheDocument();
    expect(within(first).getByText('3 shoppers found this helpful')).toBeInTheDocument();
    expect(within(screen.getByTestId('review-2')).queryByText('Verified buyer')).toBeNull();
  });

  it('shows hostile review text as text, never as markup', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    server = fakeServer({
      [LIST]: answer([review('1', { title: hostile, body: `${hostile}\n<script>x()</script>` })]),
    });
    const { container } = renderSection();
    const item = await screen.findByTestId('review-1');
    expect(within(item).getByText(hostile)).toBeInTheDocument();
    expect(item.querySelector('.review-body').textContent).toBe(`${hostile}\n<script>x()</script>`);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('asks again in the order chosen, from page 1, and moves through the pages', async () => {
    const sent = [];
    server = fakeServer({ [LIST]: answer(Array.from({ length: 10 }, (_, i) => review(`${i}`))) });
    const { apiClient } = await import('../../lib/apiClient');
    const fake = apiClient.defaults.adapter;
    apiClient.defaults.adapter = (config) => {
      sent.push(config.params);
      return fake(config);
    };
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Sort reviews'), 'Most helpful');
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    apiClient.defaults.adapter = fake;
    expect(sent).toEqual([{ page: 1 }, { page: 2 }, { page: 1, sort: 'helpful' }]);
  });

  it('offers a guest to sign in and come back, with no vote or report', async () => {
    server = fakeServer({ [LIST]: answer([review('1', { helpful: 1 })]) });
    const user = userEvent.setup();
    renderSection();
    await screen.findByTestId('review-1');
    expect(screen.queryByRole('button', { name: /Helpful/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    expect(screen.getByText('1 shopper found this helpful')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Sign in to write a review' }));
    expect(screen.getByText('login, back to /product/cotton-tee?variant=3')).toBeInTheDocument();
  });
});

describe('ReviewsSection for a signed-in shopper', () => {
  it('counts a helpful vote once: the count goes up and the button stays disabled', async () => {
    server = fakeServer({
      [LIST]: answer([review('1', { helpful: 2 })]),
      'POST /api/v1/reviews/1/helpful': { data: { success: true, helpful: 3 } },
    });
    const user = userEvent.setup();
    renderSection({ signedIn: true });
    const button = await screen.findByRole('button', { name: 'Helpful (2): Title 1' });
    await user.click(button);
    expect(await screen.findByRole('button', { name: 'Helpful (3): Title 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Helpful (3): Title 1' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('disables the vote the server says was already given, and says why', async () => {
    server = fakeServer({
      [LIST]: answer([review('1', { helpful: 2 })]),
      'POST /api/v1/reviews/1/helpful': {
        status: 409,
        data: { success: false, message: 'You have already found this review helpful.' },
      },
    });
    const user = userEvent.setup();
    renderSection({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Helpful (2): Title 1' }));
    expect(
      await screen.findByText('You have already found this review helpful.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Helpful (2): Title 1' })).toBeDisabled();
  });

  it('reports a review and says it is reported', async () => {
    server = fakeServer({
      [LIST]: answer([review('1')]),
      'POST /api/v1/reviews/1/report': {
        data: { success: true, message: 'Thank you. A moderator will look at this review.' },
      },
    });
    const user = userEvent.setup();
    renderSection({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Report review: Title 1' }));
    expect(
      await screen.findByText('Thank you. A moderator will look at this review.'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('review-1')).getByText('Reported')).toBeInTheDocument();
  });

  it('checks the form before sending, then shows the server’s field errors beside them', async () => {
    server = fakeServer({
      [LIST]: answer([]),
      'POST /api/v1/product/cotton-tee/reviews': {
        status: 400,
        data: {
          success: false,
          message: 'Title: Ensure this field has no more than 120 characters.',
          errors: { title: ['Ensure this field has no more than 120 characters.'] },
        },
      },
    });
    const user = userEvent.setup();
    renderSection({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    const form = screen.getByRole('form', { name: 'Write a review' });
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(within(form).getByText('Choose a rating from 1 to 5 stars.')).toBeInTheDocument();
    expect(within(form).getByText('Give your review a title.')).toBeInTheDocument();
    expect(within(form).getByText('Write a few words about the product.')).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(server.calls.filter((c) => c.key.startsWith('POST'))).toEqual([]);

    const group = within(form).getByRole('group', { name: 'Your rating' });
    await user.click(within(group).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText('Title'), 'Soft');
    expect(within(form).getByText('4 of 120 characters')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Review'), 'Washes well.');
    expect(within(form).getByText('12 of 5000 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Submit review' }));
    expect(
      await within(form).findByText('Ensure this field has no more than 120 characters.'),
    ).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Title: Ensure this field');
    expect(within(form).getByLabelText('Title')).toHaveValue('Soft');
    expect(server.calls.at(-1).body).toEqual({ rating: 4, title: 'Soft', body: 'Washes well.' });
  });

  it('writes a review, then edits and deletes it', async () => {
    const mine = review('9', {
      rating: 5,
      title: 'Lovely',
      body: 'Great fit.',
      status: 'published',
    });
    server = fakeServer({
      [LIST]: answer([]),
      'POST /api/v1/product/cotton-tee/reviews': {
        status: 201,
        data: { success: true, review: mine },
      },
      'PUT /api/v1/reviews/9': (body) => ({
        data: { success: true, review: { ...mine, ...body } },
      }),
      'DELETE /api/v1/reviews/9': { data: { success: true } },
    });
    const user = userEvent.setup();
    renderSection({ signedIn: true });
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText('Title'), 'Lovely');
    await user.type(screen.getByLabelText('Review'), 'Great fit.');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Thank you for your review')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your review' })).toBeInTheDocument();
    expect(screen.getByText('Lovely')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit your review' });
    expect(within(form).getByRole('radio', { name: '5 stars' })).toBeChecked();
    await user.clear(within(form).getByLabelText('Title'));
    await user.type(within(form).getByLabelText('Title'), 'Still lovely');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your review was updated')).toBeInTheDocument();
    expect(screen.getByText('Still lovely')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your review was deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Write a review' })).toBeInTheDocument(),
    );
    expect(server.calls.map((c) => c.key).filter((k) => !k.startsWith('GET'))).toEqual([
      'POST /api/v1/product/cotton-tee/reviews',
      'PUT /api/v1/reviews/9',
      'DELETE /api/v1/reviews/9',
    ]);
    expect(server.calls.find((c) => c.key === 'PUT /api/v1/reviews/9').body).toEqual({
      rating: 5,
      title: 'Still lovely',
      body: 'Great fit.',
    });
  });

  it('offers no vote on the shopper’s own review', async () => {
    const mine = review('9', { status: 'published' });
    server = fakeServer({ [LIST]: { ...answer([mine]), data: { ...answer([mine]).data, mine } } });
    renderSection({ signedIn: true });
    await screen.findByTestId('review-9');
    expect(screen.queryByRole('button', { name: /Helpful/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your review' })).toBeInTheDocument();
  });
});
