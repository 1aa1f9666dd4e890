// The one way a screen loads data: useApi(load, deps) calls load(signal) when it mounts and
// whenever a value in deps changes, and answers { data, error, loading, reload, setData }.
// - The call is aborted when the screen leaves or deps change, and only the newest call's
//   answer is kept: a slow answer for an old page never replaces the one for the new page.
// - While a new call runs, the last data stays (a table keeps its rows under a busy state).
//   `loading` is already true in the render where deps change, before the call starts, so a
//   screen never shows the old rows as the new page's.
// - An abort is not an error; any other failure lands in `error` (data kept) and, with
//   `onError`, is reported once.
// - reload() calls again with the same deps; setData(fn) changes the data in place (a row
//   the screen has just updated) without a call.
import { useCallback, useEffect, useRef, useState } from 'react';

const sameDeps = (a, b) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

export function useApi(load, deps, { initialData, onError } = {}) {
  // `deps` records which call the state belongs to.
  const [state, setState] = useState({ data: initialData, error: null, loading: true, deps });
  const [round, setRound] = useState(0);
  // The newest load and onError: callers pass inline functions; deps decide when to call.
  const latest = useRef({ load, onError });
  latest.current = { load, onError };

  useEffect(() => {
    const controller = new AbortController();
    let current = true;
    setState((s) =>
      s.loading && !s.error && sameDeps(s.deps, deps)
        ? s
        : { ...s, loading: true, error: null, deps },
    );
    Promise.resolve()
      .then(() => latest.current.load(controller.signal))
      .then(
        (data) => {
          if (current) setState({ data, error: null, loading: false, deps });
        },
        (error) => {
          if (!current || error?.name === 'CanceledError') return;
          setState((s) => ({ ...s, error, loading: false }));
          latest.current.onError?.(error);
        },
      );
    return () => {
      current = false;
      controller.abort();
    };
    // `deps` are the caller's; `round` counts reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const setData = useCallback(
    (change) =>
      setState((s) => ({ ...s, data: typeof change === 'function' ? change(s.data) : change })),
    [],
  );
  const { data, error } = state;
  const loading = state.loading || !sameDeps(state.deps, deps);
  return { data, error, loading, reload, setData };
}
