// Route guards of spec section 2: with a token, ask the server (user-auth or admin-auth)
// and render the nested routes on `ok: true`; otherwise (no token, pending, refused) count
// down from 3 and redirect. User pages send the visitor to /login carrying the current
// path so login can return there; admin pages send them to /.
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { adminAuth, userAuth } from './api';
import { useAuth } from './AuthContext';
import RedirectCountdown from './RedirectCountdown';

// Which token the last answer was for: a new login or a logout never reuses an old verdict.
function useServerCheck(check) {
  const { auth } = useAuth();
  const token = auth.token;
  const [verdict, setVerdict] = useState({ token: null, ok: false });

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    check()
      .then((response) => live && setVerdict({ token, ok: response.data?.ok === true }))
      .catch(() => live && setVerdict({ token, ok: false }));
    return () => {
      live = false;
    };
  }, [token, check]);

  return Boolean(token) && verdict.token === token && verdict.ok;
}

export function RequireUser() {
  const ok = useServerCheck(userAuth);
  const location = useLocation();
  if (ok) return <Outlet />;
  const from = `${location.pathname}${location.search}`;
  return <RedirectCountdown to={paths.login} state={{ from }} />;
}

export function RequireAdmin() {
  const ok = useServerCheck(adminAuth);
  if (ok) return <Outlet />;
  return <RedirectCountdown to={paths.home} />;
}
