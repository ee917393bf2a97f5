import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useHydrated } from '../hydration/use-hydrated';
import { clearSession, readSession, writeSession, type StoredSession } from './session-storage';

export interface Session extends StoredSession {
  /** Marks the session as logged in; stores the token when one is given. */
  login: (token?: string) => void;
  /** Clears both stored values. Navigation is the caller's concern. */
  logout: () => void;
  /** False until hydration is done: until then the prerendered HTML holds both variants. */
  known: boolean;
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

  const known = useHydrated();
  const session = useMemo(
    () => ({ ...stored, login, logout, known }),
    [stored, login, logout, known],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession braucht einen SessionProvider');
  return session;
}
