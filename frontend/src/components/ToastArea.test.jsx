// Toasts reach screen readers through one live region that is always in the page; the
// toasts themselves stay silent so nothing is said twice.
import { act, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import collapsing from '../lib/toast';
import ToastArea from './ToastArea';

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

const announcer = (container) => container.querySelector('[data-toast-announcer]');

describe('ToastArea', () => {
  it('says each new toast in a live region that was there before it', () => {
    const { container } = render(<ToastArea />);
    const region = announcer(container);
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');

    act(() => {
      toast.success('Item Added to Cart');
    });
    expect(announcer(container)).toBe(region);
    expect(region).toHaveTextContent('Item Added to Cart');
    // The toast itself is still a status for sighted and automated readers, but silent.
    const shown = screen.getByRole('status');
    expect(shown).toHaveTextContent('Item Added to Cart');
    expect(shown).toHaveAttribute('aria-live', 'off');

    act(() => {
      toast.error('Something went wrong');
    });
    expect(region).toHaveTextContent(/^Something went wrong$/);
  });

  it('collapses identical toasts into one, and says the repeat again, as a new node', () => {
    const { container } = render(<ToastArea />);
    act(() => {
      collapsing.success('Item Added to Cart');
    });
    const first = announcer(container).firstElementChild;
    act(() => {
      collapsing.success('Item Added to Cart');
      collapsing.error('Something went wrong');
      collapsing.error('Something went wrong');
    });
    expect(screen.getAllByText('Item Added to Cart', { selector: '[role="status"]' })).toHaveLength(
      1,
    );
    expect(
      screen.getAllByText('Something went wrong', { selector: '[role="status"]' }),
    ).toHaveLength(1);
    act(() => {
      collapsing.success('Item Added to Cart');
    });
    const second = announcer(container).firstElementChild;
    expect(second).toHaveTextContent('Item Added to Cart');
    expect(second).not.toBe(first);
  });

  it('says the result of a loading toast, and never an older toast when one leaves', () => {
    vi.useFakeTimers();
    const { container } = render(<ToastArea />);
    const region = announcer(container);
    act(() => {
      toast('Older notice');
    });
    let id;
    act(() => {
      id = toast.loading('Saving ...');
    });
    expect(region).toHaveTextContent(/^Saving \.\.\.$/);
    act(() => {
      toast.success('Saved', { id });
    });
    expect(region).toHaveTextContent(/^Saved$/);
    act(() => {
      toast.dismiss(id);
      vi.advanceTimersByTime(1500);
    });
    expect(screen.queryByText('Saved', { selector: '[role="status"] *' })).toBeNull();
    expect(region).toHaveTextContent(/^Saved$/);
  });
});

describe('ToastArea with a toast that holds a button', () => {
  it('says its `announce` words once and does not re-render without end', () => {
    const { container } = render(<ToastArea />);
    act(() => {
      toast(
        () => (
          <span>
            Mug removed <button type="button">Undo</button>
          </span>
        ),
        { announce: 'Mug removed from your cart' },
      );
    });
    expect(announcer(container)).toHaveTextContent('Mug removed from your cart');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });
});
