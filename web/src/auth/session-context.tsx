import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { createStore, useStore, type Store } from '../hooks/use-store';
import { clearSession, readSession, writeSession, type StoredSession } from './session-storage';

interface SessionActions {
  /** Marks the session as logged in; stores the token when one is given. */
  login: (token?: string) => void;
  /** Clears both stored values. Navigation is the caller's concern. */
  logout: () => void;
}

export interface Session extends StoredSession, SessionActions {}

interface SessionHolder extends SessionActions {
  store: Store<StoredSession>;
}

const SessionContext = createContext<SessionHolder | null>(null);

/**
 * Marks <html> as the pre-paint script does at load: CSS shows the session's variant by this
 * mark alone (session-variant.tsx).
 */
function markPage(loggedIn: boolean): void {
  const root = document.documentElement;
  if (loggedIn) root.dataset.session = 'in';
  else delete root.dataset.session;
}

function createSession(): SessionHolder {
  const store = createStore(readSession());
  return {
    store,
    login(token) {
      writeSession(token);
      markPage(true);
      store.set((previous) => ({ isAuthenticated: true, token: token ?? previous.token }));
    },
    logout() {
      clearSession();
      markPage(false);
      store.set(() => ({ isAuthenticated: false, token: null }));
    },
  };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session] = useState(createSession);
  // The stored session's mark from the start, where no pre-paint script ran before the app.
  useLayoutEffect(() => markPage(session.store.get().isAuthenticated), [session]);
  return <SessionContext value={session}>{children}</SessionContext>;
}

function useSessionHolder(): SessionHolder {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession braucht einen SessionProvider');
  return session;
}

export function useSession(): Session {
  const { store, login, logout } = useSessionHolder();
  return { ...useStore(store), login, logout };
}
