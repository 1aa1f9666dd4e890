// Shared page layout of spec section 1: navigation bar, main area (min 100vh) with the toast
// area, and the footer.
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Header from './Header';
import Footer from './Footer';
import Loading from '../../components/Loading';
import ToastArea, { DismissErrorsOnNavigation } from '../../components/ToastArea';
import { noteAddress, readServerMain } from '../../lib/initialData';
import { useScrollPerScreen } from './useScrollPerScreen';
import '../../components/storefront.css';

// After an in-app move to another screen, focus goes to the main area, as a page load
// would put it at the top: keyboard and screen-reader users start at the new content
// instead of on a link that no longer exists (or in the navbar). Not on the first load,
// and not when the new screen focused a field of its own (login, profile). The scroll
// position is useScrollPerScreen's to set, so focusing must not scroll.
function useFocusMainOnNavigation(mainRef) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = mainRef.current;
    if (!main || main.contains(document.activeElement)) return;
    main.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

// While a screen's code arrives: on the first load, the server's markup of that screen
// (what the HTML already showed stays in place, no flash); later, a loading line.
function ScreenFallback() {
  const html = readServerMain();
  // Our own server's markup, already in this document before React started.
  return html ? <div dangerouslySetInnerHTML={{ __html: html }} /> : <Loading />;
}

export default function Layout() {
  const mainRef = useRef(null);
  const { pathname } = useLocation();
  useEffect(() => noteAddress(), [pathname]);
  useFocusMainOnNavigation(mainRef);
  useScrollPerScreen();
  return (
    <>
      <a className="visually-hidden-focusable skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      {/* At least a screen high (the spec asks for 70%): the footer starts below the fold,
          so a screen whose content arrives after the first paint (a lazy chunk, then its
          data) never pushes a visible footer down (Cumulative Layout Shift). */}
      <main id="main" ref={mainRef} tabIndex={-1} style={{ minHeight: '100vh' }}>
        <ToastArea />
        <DismissErrorsOnNavigation />
        {/* Screens load on demand (routes.jsx): the navbar and footer stay in place
            while a screen's chunk arrives, so nothing shifts around it. */}
        <Suspense fallback={<ScreenFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
