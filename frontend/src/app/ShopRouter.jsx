// The browser router of the app: react-router's declarative <Router> over the
// browser history, without the data router of createBrowserRouter (loaders, actions,
// fetchers: 17 KB of the first visit's script, none of it used here).
//
// Like RouterProvider, a move renders as a transition, except one asked for with
// `{ flushSync: true }` (navigate, setSearchParams): that one is committed before the
// event ends, so a checkbox driven by the URL reads ticked right after its click.
import { startTransition, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router-dom';

export default function ShopRouter({ children }) {
  const historyRef = useRef(null);
  if (historyRef.current === null) {
    historyRef.current = createBrowserHistory({ v5Compat: true });
  }
  const history = historyRef.current;
  const [state, setState] = useState(() => ({
    action: history.action,
    location: history.location,
  }));
  const urgent = useRef(false);

  const navigator = useMemo(
    () => ({
      createHref: (to) => history.createHref(to),
      createURL: (to) => history.createURL(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push(to, routeState, options) {
        urgent.current = options?.flushSync === true;
        history.push(to, routeState);
      },
      replace(to, routeState, options) {
        urgent.current = options?.flushSync === true;
        history.replace(to, routeState);
      },
    }),
    [history],
  );

  useLayoutEffect(
    () =>
      history.listen(({ action, location }) => {
        const now = urgent.current;
        urgent.current = false;
        const update = () => setState({ action, location });
        if (now) flushSync(update);
        else startTransition(update);
      }),
    [history],
  );

  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
