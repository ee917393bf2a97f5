import { startTransition, useCallback, useEffect, useState } from 'react';
import { documentsFor } from '../../api/early-calls';
import type { DocumentGroup } from '../../api/documents-client';
import { isUnauthorized } from '../../api/http';
import { useSession } from '../../auth/session-context';

type DocumentsState =
  { status: 'loading' } | { status: 'ready'; groups: DocumentGroup[] } | { status: 'error' };

/**
 * Loads the document groups (adopting the early script's call); a 401 ends the session so the
 * gate shows again.
 */
export function useDocuments() {
  const { token, logout } = useSession();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<DocumentsState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    documentsFor(token).then(
      // A long list renders in slices that leave room for a tap.
      (groups) => current && startTransition(() => setState({ status: 'ready', groups })),
      (error: unknown) => {
        if (!current) return;
        if (isUnauthorized(error)) logout();
        else setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [token, logout, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((count) => count + 1);
  }, []);

  return { state, retry };
}
