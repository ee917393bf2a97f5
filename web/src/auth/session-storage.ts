import { STORAGE_KEY_AUTHENTICATED, STORAGE_KEY_TOKEN } from '../constants';

export interface StoredSession {
  isAuthenticated: boolean;
  token: string | null;
}

// Storage can throw (private mode, disabled storage); the site must still work then.
function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    return fallback;
  }
}

export function readSession(): StoredSession {
  return safely(
    () => ({
      isAuthenticated: localStorage.getItem(STORAGE_KEY_AUTHENTICATED) === 'true',
      token: localStorage.getItem(STORAGE_KEY_TOKEN),
    }),
    { isAuthenticated: false, token: null },
  );
}

export function writeSession(token: string | undefined): void {
  safely(() => {
    localStorage.setItem(STORAGE_KEY_AUTHENTICATED, 'true');
    if (token !== undefined) localStorage.setItem(STORAGE_KEY_TOKEN, token);
  }, undefined);
}

export function clearSession(): void {
  safely(() => {
    localStorage.removeItem(STORAGE_KEY_AUTHENTICATED);
    localStorage.removeItem(STORAGE_KEY_TOKEN);
  }, undefined);
}
