import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { fakeServer } from '../auth/testing/fakeServer';
import { resetShopInfo, useShopInfo } from './useShopInfo';
import { shopInfoAnswer } from './testing';

function Probe({ name }) {
  const { shop, loading, failed, codLimit } = useShopInfo();
  let text = 'loaded';
  if (loading) text = 'loading';
  else if (failed) text = 'failed';
  return (
    <p data-testid={name}>
      {text} {shop?.legalName ?? '-'} {codLimit ?? '-'}
    </p>
  );
}

let server;
beforeEach(() => resetShopInfo());
afterEach(() => server?.restore());

describe('useShopInfo', () => {
  it('loads shop-info once for every screen of the session', async () => {
    server = fakeServer({ 'GET /api/v1/shop-info': { data: shopInfoAnswer() } });
    const view = render(
      <>
        <Probe name="footer" />
        <Probe name="page" />
      </>,
    );
    expect(screen.getByTestId('footer')).toHaveTextContent('loading');
    await waitFor(() =>
      expect(screen.getByTestId('page')).toHaveTextContent(
        'loaded Sphere Retail Private Limited 50000',
      ),
    );
    view.unmount();
    // A later screen reads the kept answer at once, without asking again.
    render(<Probe name="later" />);
    expect(screen.getByTestId('later')).toHaveTextContent('loaded Sphere Retail');
    expect(server.calls.map((call) => call.key)).toEqual(['GET /api/v1/shop-info']);
  });

  it('tolerates a failure, and the next screen tries again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer = { status: 503, data: { success: false, message: 'Down' } };
    server = fakeServer({ 'GET /api/v1/shop-info': () => answer });
    const view = render(<Probe name="first" />);
    await waitFor(() => expect(screen.getByTestId('first')).toHaveTextContent('failed - -'));
    expect(error).toHaveBeenCalled();
    view.unmount();
    answer = { data: shopInfoAnswer() };
    render(<Probe name="second" />);
    await waitFor(() => expect(screen.getByTestId('second')).toHaveTextContent('loaded Sphere'));
    expect(server.calls).toHaveLength(2);
  });

  it('treats an answer without a shop as a failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server = fakeServer({ 'GET /api/v1/shop-info': { data: { success: true } } });
    render(<Probe name="one" />);
    await waitFor(() => expect(screen.getByTestId('one')).toHaveTextContent('failed'));
  });

  it('gives the Razorpay settings only when the shop lists razorpay and says where its script is', async () => {
    const RazorpayProbe = () => {
      const { razorpay, loading } = useShopInfo();
      return <p data-testid="rzp">{loading ? 'loading' : JSON.stringify(razorpay)}</p>;
    };
    const settings = { keyId: 'rzp_test_1', checkoutUrl: 'https://checkout.example.test/v1.js' };
    const cases = [
      [{ paymentMethods: ['cod', 'razorpay'], razorpay: settings }, JSON.stringify(settings)],
      [{ paymentMethods: ['cod'], razorpay: settings }, 'null'],
      [{ paymentMethods: ['cod', 'razorpay'] }, 'null'],
      [{ paymentMethods: ['cod', 'razorpay'], razorpay: { keyId: 'rzp_test_1' } }, 'null'],
    ];
    for (const [extra, expected] of cases) {
      resetShopInfo();
      server?.restore();
      server = fakeServer({ 'GET /api/v1/shop-info': { data: shopInfoAnswer(extra) } });
      const view = render(<RazorpayProbe />);
      await waitFor(() => expect(screen.getByTestId('rzp')).toHaveTextContent(expected));
      view.unmount();
    }
  });
});
