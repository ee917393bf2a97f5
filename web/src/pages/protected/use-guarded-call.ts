import { useCallback } from 'react';
import { UnauthorizedError } from '../../api/documents-client';
import { useSession } from '../../auth/session-context';

/**
 * Runs a call that needs the session token. A 401 ends the session, which shows the gate;
 * any other failure is handed to `onError`.
 */
export function useGuardedCall() {
  const { token, logout } = useSession();
  return useCallback(
    async (call: (token: string | null) => Promise<void>, onError: () => void) => {
      try {
        await call(token);
      } catch (error) {
        if (error instanceof UnauthorizedError) logout();
        else onError();
      }
    },
    [token, logout],
  );
}
