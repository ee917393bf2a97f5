import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { clearSession, readSession, writeSession, type StoredSession } from './session-storage';

export interface Session extends StoredSession {
  /** Marks the session as logged in; stores the token when one is given. */
  login: (token?: string) => void;
  /** Clears both stored values. Navigation is the caller's concern. */
  logout: () => void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [stored, setStored] = useState<StoredSession>(readSession);

  const login = useCallback((token?: string) => {
    writeSession(token);
    setStored((previous) => ({ isAuthenticated: true, token: token ?? previous.token }));
  }, []);

  const logout = useCallback(() => {
    clearSession();
    setStored({ isAuthenticated: false, token: null });
  }, []);

  const session = useMemo(() => ({ ...stored, login, logout }), [stored, login, logout]);
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession braucht einen SessionProvider');
  return session;
}
