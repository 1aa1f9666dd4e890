import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useApi } from './useApi';
import { pageOf } from './usePagedList';

// A call the test answers by hand: calls[i].resolve / reject, and the signal it was given.
function controlledLoad() {
  const calls = [];
  const load = vi.fn(
    (signal) =>
      new Promise((resolve, reject) => {
        calls.push({ signal, resolve, reject });
      }),
  );
  return { load, calls };
}

describe('useApi', () => {
  it('loads, then answers the data', async () => {
    const { load, calls } = controlledLoad();
    const { result } = renderHook(() => useApi(load, []));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0].resolve({ name: 'Mug' }));
    expect(result.current).toMatchObject({ data: { name: 'Mug' }, error: null, loading: false });
  });

  it('aborts the call when the screen leaves, and keeps nothing that arrives later', async () => {
    const { load, calls } = controlledLoad();
    const { result, unmount } = renderHook(() => useApi(load, []));
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => calls[0].resolve('late'));
    expect(result.current.data).toBeUndefined();
  });

  it('ignores a stale answer: the first page arriving after the second', async () => {
    const { load, calls } = controlledLoad();
    const { result, rerender } = renderHook(({ page }) => useApi(() => load(page), [page]), {
      initialProps: { page: 1 },
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    rerender({ page: 2 });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1].resolve('page 2'));
    await act(async () => calls[0].resolve('page 1'));
    expect(result.current.data).toBe('page 2');
    expect(load.mock.calls.map(([page]) => page)).toEqual([1, 2]);
  });

  it('keeps the last data while a new call runs, and the data on a failure', async () => {
    const { load, calls } = controlledLoad();
    const onError = vi.fn();
    const { result, rerender } = renderHook(({ page }) => useApi(load, [page], { onError }), {
      initialProps: { page: 1 },
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0].resolve(['a']));
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.loading).toBe(true));
    expect(result.current.data).toEqual(['a']);
    const failure = Object.assign(new Error('Request failed'), { response: { status: 500 } });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1].reject(failure));
    expect(result.current).toMatchObject({ data: ['a'], error: failure, loading: false });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('is busy from the very render where deps change: old rows never pass as the new page', async () => {
    const { load, calls } = controlledLoad();
    const renders = [];
    const { rerender } = renderHook(
      ({ page }) => {
        const answer = useApi(load, [page]);
        renders.push({ page, loading: answer.loading, data: answer.data });
        return answer;
      },
      { initialProps: { page: 1 } },
    );
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0].resolve(['page 1']));
    rerender({ page: 2 });
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1].resolve(['page 2']));
    const onPageTwo = renders.filter(({ page }) => page === 2);
    expect(onPageTwo.filter(({ loading }) => !loading).map(({ data }) => data)).toEqual(
      onPageTwo.filter(({ loading }) => !loading).map(() => ['page 2']),
    );
    expect(onPageTwo[0]).toMatchObject({ loading: true, data: ['page 1'] });
    expect(onPageTwo.at(-1)).toMatchObject({ loading: false, data: ['page 2'] });
  });

  it('does not count an aborted call as an error', async () => {
    const { load, calls } = controlledLoad();
    const onError = vi.fn();
    const { result } = renderHook(() => useApi(load, [], { onError }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const canceled = Object.assign(new Error('canceled'), { name: 'CanceledError' });
    await act(async () => calls[0].reject(canceled));
    expect(result.current.error).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });

  it('calls again on reload, and setData changes the data without a call', async () => {
    const { load, calls } = controlledLoad();
    const { result } = renderHook(() => useApi(load, []));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0].resolve([1, 2]));
    act(() => result.current.setData((rows) => rows.map((n) => n * 10)));
    expect(result.current.data).toEqual([10, 20]);
    expect(load).toHaveBeenCalledTimes(1);
    act(() => result.current.reload());
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(result.current.loading).toBe(true);
    await act(async () => calls[1].resolve([3]));
    expect(result.current.data).toEqual([3]);
  });
});

describe('pageOf (the admin lists: a bare page, X-Total-Count, X-Page-Size)', () => {
  it('reads rows, total and pages', () => {
    const page = pageOf({
      data: [{ _id: '1' }],
      headers: { 'x-total-count': '41', 'x-page-size': '20' },
    });
    expect(page).toEqual({ rows: [{ _id: '1' }], total: 41, pages: 3 });
  });
  it('answers one page for an empty list or missing headers', () => {
    expect(pageOf({ data: [], headers: { 'x-total-count': '0', 'x-page-size': '50' } })).toEqual({
      rows: [],
      total: 0,
      pages: 1,
    });
    expect(pageOf({ data: [{}, {}], headers: {} })).toEqual({ rows: [{}, {}], total: 2, pages: 1 });
  });
});
