// Auth state {user, token} of spec section 3, persisted under 'auth' (the login response)
// and restored on start. A 401 for the stored token clears the dead session (a late 401
// for an older token leaves a fresh session alone).
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import toast from '../../lib/toast';
import { onSessionExpired } from '../../lib/apiClient';
import { onExternalChange, readJSON, remove, writeJSON } from '../../lib/storage';
import { AUTH_KEY } from '../../constants/storageKeys';
import { MESSAGES } from '../../constants/messages';

const EMPTY = { user: null, token: '' };
const AuthContext = createContext(null);

function readAuth() {
  const stored = readJSON(AUTH_KEY, null);
  if (!stored || typeof stored !== 'object' || typeof stored.token !== 'string') return EMPTY;
  return { user: stored.user ?? null, token: stored.token };
}

export function AuthProvider({ children }) {
  const [auth, setAuthState] = useState(readAuth);
  // The latest value, ahead of React's next render. Storage is written at once (not in a
  // state updater, which React may run later): apiClient compares a refused token with the
  // stored one, and a fresh login must be stored before any late answer arrives.
  const latest = useRef(auth);

  const setAuth = useCallback((next) => {
    const value = typeof next === 'function' ? next(latest.current) : next;
    const settled = value?.token ? value : EMPTY;
    latest.current = settled;
    if (settled.token) writeJSON(AUTH_KEY, settled);
    else remove(AUTH_KEY);
    setAuthState(settled);
  }, []);

  const logout = useCallback(() => setAuth(EMPTY), [setAuth]);

  useEffect(
    () =>
      // apiClient calls this only when the refused token is the one stored now.
      onSessionExpired(() => {
        setAuth(EMPTY);
        // Under its text's id (lib/toast.js): the screen whose call was refused says the
        // same sentence (apiClient), and the two are one toast.
        toast.error(MESSAGES.sessionExpired);
      }),
    [setAuth],
  );

  useEffect(
    () =>
      onExternalChange(AUTH_KEY, () => {
        latest.current = readAuth();
        setAuthState(latest.current);
      }),
    [],
  );

  const value = useMemo(() => ({ auth, setAuth, logout }), [auth, setAuth, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth() {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

export const ADMIN_ROLE = 1;
export const isAdmin = (user) => Number(user?.role) === ADMIN_ROLE;
