import { useCallback, useMemo, useState } from 'react';
import { ownerApi, type OwnerApi, type OwnerSession } from '../../api/owner-client';
import { OWNER_TEXTS } from './owner-texts';

/**
 * The owner's session, in this page's memory only: a reload or a closed tab
 * ends it (the token then lapses within 15 minutes). A call refused with 401
 * (expired, or its passkey removed) ends it too, with a line that says so.
 */
export function useOwnerSession() {
  const [session, setSession] = useState<OwnerSession>();
  const [notice, setNotice] = useState<string>();

  const signOut = useCallback((message?: string) => {
    setSession(undefined);
    setNotice(message);
  }, []);

  const api = useMemo<OwnerApi | undefined>(
    () => session && ownerApi(session.token, () => signOut(OWNER_TEXTS.expired)),
    [session, signOut],
  );

  /** Logging out ends the token on the server as well; the page forgets it at once. */
  const logOut = useCallback(() => {
    void api?.logout().catch(() => undefined);
    signOut();
  }, [api, signOut]);

  const signIn = useCallback((next: OwnerSession) => {
    setNotice(undefined);
    setSession(next);
  }, []);

  return { api, signIn, logOut, notice };
}
