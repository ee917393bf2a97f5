import { useCallback } from 'react';
import { ApiError } from '../../api/http';
import { isUnauthorized } from '../../api/http';
import { useSession } from '../../auth/session-context';

/**
 * Whether the API asked to try again shortly (503): a company's stamped copies are being made
 * and could not be now (docs/faults.md#documentszip-and-stamped-copies).
 */
export const isBusy = (error: unknown) => error instanceof ApiError && error.status === 503;

/**
 * Runs a call that needs the session token. A 401 ends the session, which shows the gate;
 * any other failure is handed to `onError`.
 */
export function useGuardedCall() {
  const { token, logout } = useSession();
  return useCallback(
    async (call: (token: string | null) => Promise<void>, onError: (error: unknown) => void) => {
      try {
        await call(token);
      } catch (error) {
        if (isUnauthorized(error)) logout();
        else onError(error);
      }
    },
    [token, logout],
  );
}
