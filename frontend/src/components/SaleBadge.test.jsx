import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { SaleBadge } from './SaleBadge';
import { SaleCountdown } from './SaleCountdown';
import { END_GRACE_MS } from '../lib/useCountdown';

// Local times (the shopper's clock), whatever zone the tests run in.
const at = (day, hours, minutes = 0, seconds = 0) =>
  new Date(2026, 10, day, hours, minutes, seconds);
const sale = (ends) => ({ name: 'Diwali Sale', endsAt: ends.toISOString() });

afterEach(() => {
  vi.useRealTimers();
});

describe('SaleBadge', () => {
  it('names the sale in a badge and the day it ends', () => {
    vi.useFakeTimers({ now: at(1, 9), toFake: ['Date'] });
    render(<SaleBadge sale={sale(at(5, 23, 59))} as="p" className="mb-1" />);
    const line = screen.getByTestId('sale');
    expect(line.tagName).toBe('P');
    expect(line).toHaveClass('mb-1');
    expect(screen.getByText('Diwali Sale')).toHaveClass('badge');
    expect(line).toHaveTextContent('Diwali SaleSale ends 5 Nov');
  });

  it('shows nothing without a sale, or after its end', () => {
    vi.useFakeTimers({ now: at(6, 9), toFake: ['Date'] });
    const { container } = render(
      <>
        <SaleBadge sale={null} />
        <SaleBadge sale={sale(at(5, 23, 59))} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('SaleCountdown', () => {
  it('counts down each minute, hides at the end and then calls onEnd once', () => {
    vi.useFakeTimers({ now: at(5, 21, 58, 30) });
    const onEnd = vi.fn();
    // Ends just after midnight: a countdown, not "today at".
    const ends = new Date(2026, 10, 6, 0, 0, 0);
    render(<SaleCountdown sale={sale(ends)} onEnd={onEnd} />);
    const countdown = () => screen.getByTestId('sale-countdown');
    expect(countdown()).toHaveTextContent('Sale ends in 2h 2m');
    expect(screen.getByText('Sale ends in 2 hours 2 minutes')).toHaveClass('visually-hidden');
    expect(screen.getByText('Sale ends in 2h 2m')).toHaveAttribute('aria-hidden', 'true');
    act(() => vi.advanceTimersByTime(30_000));
    expect(countdown()).toHaveTextContent('Sale ends in 2h 1m');
    act(() => vi.advanceTimersByTime(60_000));
    expect(countdown()).toHaveTextContent('Sale ends in 2h 0m');
    act(() => vi.advanceTimersByTime(119 * 60_000));
    expect(countdown()).toHaveTextContent('Sale ends in 1m');
    expect(onEnd).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.queryByTestId('sale')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(END_GRACE_MS));
    expect(onEnd).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('says the time on the day it ends', () => {
    vi.useFakeTimers({ now: at(5, 9) });
    render(<SaleCountdown sale={sale(at(5, 23, 59))} onEnd={() => {}} />);
    expect(screen.getByTestId('sale-countdown')).toHaveTextContent('Sale ends today at 11:59 pm');
  });

  it('calls nothing for a sale already over when it is shown', () => {
    vi.useFakeTimers({ now: at(6, 9) });
    const onEnd = vi.fn();
    render(<SaleCountdown sale={sale(at(5, 23, 59))} onEnd={onEnd} />);
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(screen.queryByTestId('sale')).not.toBeInTheDocument();
    expect(onEnd).not.toHaveBeenCalled();
  });
});
