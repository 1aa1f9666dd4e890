// Auth state {user, token} of spec section 3, persisted under 'auth' (the login response)
// and restored on start. A 401 on a call that carried the token clears the dead session.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
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

  const setAuth = useCallback((next) => {
    setAuthState((current) => {
      const value = typeof next === 'function' ? next(current) : next;
      if (value?.token) writeJSON(AUTH_KEY, value);
      else remove(AUTH_KEY);
      return value?.token ? value : EMPTY;
    });
  }, []);

  const logout = useCallback(() => setAuth(EMPTY), [setAuth]);

  useEffect(
    () =>
      onSessionExpired(() => {
        if (readJSON(AUTH_KEY, null)?.token) {
          setAuth(EMPTY);
          toast.error(MESSAGES.sessionExpired, { id: 'session-expired' });
        }
      }),
    [setAuth],
  );

  useEffect(() => onExternalChange(AUTH_KEY, () => setAuthState(readAuth())), []);

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
