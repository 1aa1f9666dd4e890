// Route guards of spec section 2: with a token, ask the server (user-auth or admin-auth)
// and render the nested routes on `ok: true`. While the answer is on its way the guard
// shows a loading state, never the countdown: a slow network must not sign anyone out.
// Only a refusal (401/403, or an answer other than ok) or no token at all starts the
// countdown and the redirect. User pages send the visitor to /login carrying the current
// path so login can return there; admin pages send them to /. A failure that says nothing
// about the session (network down, server error) offers to try again instead.
import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { adminAuth, userAuth } from './api';
import { useAuth } from './AuthContext';
import RedirectCountdown from './RedirectCountdown';
import { signInReason } from './returnPath';

const REFUSED = new Set([401, 403]);

// The verdict for the current token: 'checking', 'ok', 'refused' or 'unreachable'. The
// token each answer was for is kept, so a new login or a logout never reuses an old one.
function useServerCheck(check) {
  const { auth } = useAuth();
  const token = auth.token;
  const [verdict, setVerdict] = useState({ token: null, state: 'checking', attempt: 0 });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    check()
      .then((response) => {
        const state = response.data?.ok === true ? 'ok' : 'refused';
        if (live) setVerdict({ token, state, attempt });
      })
      .catch((error) => {
        const state = REFUSED.has(error?.response?.status) ? 'refused' : 'unreachable';
        if (live) setVerdict({ token, state, attempt });
      });
    return () => {
      live = false;
    };
  }, [token, check, attempt]);

  const retry = useCallback(() => setAttempt((current) => current + 1), []);
  if (!token) return { state: 'refused', retry };
  if (verdict.token !== token || verdict.attempt !== attempt) return { state: 'checking', retry };
  return { state: verdict.state, retry };
}

function Checking() {
  return (
    <div
      className="container d-flex flex-column align-items-center py-5"
      style={{ minHeight: '60vh' }}
    >
      <p className="h5 text-center" role="status" aria-live="polite">
        {MESSAGES.checkingSession}
      </p>
      <div className="spinner-border mt-3" aria-hidden="true" />
    </div>
  );
}

function Unreachable({ retry }) {
  return (
    <div
      className="container d-flex flex-column align-items-center py-5"
      style={{ minHeight: '60vh' }}
    >
      <p className="h5 text-center" role="alert">
        {MESSAGES.sessionCheckFailed}
      </p>
      <button type="button" className="btn btn-primary mt-3" onClick={retry}>
        Try Again
      </button>
    </div>
  );
}

function Guard({ check, refused }) {
  const { state, retry } = useServerCheck(check);
  if (state === 'ok') return <Outlet />;
  if (state === 'checking') return <Checking />;
  if (state === 'unreachable') return <Unreachable retry={retry} />;
  return refused;
}

export function RequireUser() {
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  const countdown = (
    <RedirectCountdown to={paths.login} state={{ from }} reason={signInReason(from)} />
  );
  return <Guard check={userAuth} refused={countdown} />;
}

export function RequireAdmin() {
  return (
    <Guard
      check={adminAuth}
      refused={<RedirectCountdown to={paths.home} reason={MESSAGES.adminsOnly} />}
    />
  );
}

// The app's routes load the guards lazily, as one module: `admin` picks the admin's.
export default function DashboardGuard({ admin = false }) {
  return admin ? <RequireAdmin /> : <RequireUser />;
}
