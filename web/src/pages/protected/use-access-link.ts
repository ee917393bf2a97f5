import { startTransition, useEffect, useState } from 'react';
import { exchangeAccessCode, type LoginResult } from '../../api/api-client';
import { adoptAccessExchange } from '../../api/early-calls';
import { claimAccessCode, takeAccessCode } from '../../auth/access-link';
import { useSession } from '../../auth/session-context';

export type AccessLinkState = 'none' | 'checking' | 'refused' | 'error';

// One exchange per code, shared by React's repeated renders of the page in development.
let running: Promise<LoginResult> | undefined;

function startExchange(): Promise<LoginResult> | undefined {
  // Prerendering has no address and no early script.
  if (typeof window === 'undefined') return undefined;
  // The early script loads async: should the app come first, it takes the code itself.
  takeAccessCode();
  const code = claimAccessCode();
  const early = adoptAccessExchange();
  if (early) running = early;
  else if (code) running = exchangeAccessCode(code);
  return running;
}

/**
 * Exchanges the code of an access link for a session, the same login as user name and
 * password: adopts the exchange the page's early script started, else starts it with the code
 * still in the address. Refused: wrong, expired or revoked.
 */
export function useAccessLink(): AccessLinkState {
  const { login } = useSession();
  const [exchange] = useState(startExchange);
  const [state, setState] = useState<AccessLinkState>(exchange ? 'checking' : 'none');

  useEffect(() => {
    if (!exchange) return;
    let current = true;
    exchange.then(
      (result) => {
        if (!current) return;
        running = undefined;
        if (result.success && result.token) {
          // The session's store renders at once, while this page still shows its frame; the
          // documents area follows in a transition, in slices that leave room for a tap.
          login(result.token);
          startTransition(() => setState('none'));
        } else setState('refused');
      },
      () => {
        if (!current) return;
        running = undefined;
        setState('error');
      },
    );
    return () => {
      current = false;
    };
  }, [exchange, login]);

  return state;
}
