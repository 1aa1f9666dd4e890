// The toast defaults of spec section 8, checked as react-hot-toast resolves them (its store
// merges TOAST_OPTIONS into each toast) and as the Toaster then times them.
import { act, render, renderHook, screen } from '@testing-library/react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_OPTIONS } from './messages';

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

function showOneOfEach() {
  act(() => {
    toast('plain notice');
    toast.error('error notice');
    toast.success('success notice');
    toast.loading('loading notice');
  });
}

describe('toast defaults (spec section 8)', () => {
  it('resolve per type to the spec durations, 350 px wide, removed 1 s after dismissal', () => {
    const { result } = renderHook(() => useToasterStore(TOAST_OPTIONS.toastOptions));
    showOneOfEach();
    const resolved = Object.fromEntries(
      result.current.toasts.map((t) => [
        t.type,
        { duration: t.duration, removeDelay: t.removeDelay, maxWidth: t.style.maxWidth },
      ]),
    );
    expect(resolved).toEqual({
      blank: { duration: 4000, removeDelay: 1000, maxWidth: 350 },
      error: { duration: 4000, removeDelay: 1000, maxWidth: 350 },
      success: { duration: 2000, removeDelay: 1000, maxWidth: 350 },
      loading: { duration: Infinity, removeDelay: 1000, maxWidth: 350 },
    });
  });

  it('sit bottom-center (clear of headings and first fields), 8 px apart', () => {
    expect(TOAST_OPTIONS.position).toBe('bottom-center');
    expect(TOAST_OPTIONS.gutter).toBe(8);
    render(<Toaster {...TOAST_OPTIONS} />);
    act(() => {
      toast('first');
    });
    const wrapper = screen.getByText('first').closest('[style*="translateY"]');
    expect(wrapper).toHaveStyle({ bottom: '0px', justifyContent: 'center' });
  });

  it('keep a loading toast until it is dismissed and time the others', () => {
    vi.useFakeTimers();
    render(<Toaster {...TOAST_OPTIONS} />);
    showOneOfEach();
    const shown = () =>
      ['plain', 'error', 'success', 'loading'].filter((kind) =>
        screen.queryByText(`${kind} notice`),
      );
    const advance = (ms) => act(() => vi.advanceTimersByTime(ms));

    advance(1999);
    expect(shown()).toEqual(['plain', 'error', 'success', 'loading']);
    advance(1); // success dismissed at 2 s, removed 1 s later
    advance(999);
    expect(shown()).toContain('success');
    advance(1);
    expect(shown()).toEqual(['plain', 'error', 'loading']);
    advance(1000); // 4 s: plain and error dismissed
    advance(999);
    expect(shown()).toEqual(['plain', 'error', 'loading']);
    advance(1);
    expect(shown()).toEqual(['loading']);
    advance(60_000);
    expect(shown()).toEqual(['loading']);
  });

  it('show at most 20 at once, the newest first', () => {
    const { result } = renderHook(() => useToasterStore(TOAST_OPTIONS.toastOptions));
    act(() => {
      for (let n = 1; n <= 25; n += 1) toast(`notice ${n}`);
    });
    expect(result.current.toasts).toHaveLength(20);
    expect(result.current.toasts[0].message).toBe('notice 25');
  });
});
