// The browser router of the app: react-router's declarative <BrowserRouter>, without the
// data router of createBrowserRouter (loaders, actions, fetchers: 17 KB of the first
// visit's script, none of it used here).
//
// Like RouterProvider, it renders a move as a transition: the screen on show stays while
// a lazily loaded one's code arrives. A control that must read its new value within the
// event (a checkbox driven by the URL) shows it with useOptimistic (HomePage): the
// declarative router has no `flushSync` option.
import { BrowserRouter } from 'react-router-dom';

export default function ShopRouter({ children }) {
  return <BrowserRouter>{children}</BrowserRouter>;
}
