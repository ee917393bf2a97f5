import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { registerPasskey, signIn, type OwnerSession } from '../../api/owner-client';
import { useHydrated } from '../../hydration/use-hydrated';
import { OWNER_TEXTS as T } from './owner-texts';

const SETUP_KEY = 'einrichten';

/** The setup link's token rides in the fragment, which never reaches a server or a log. */
const setupTokenIn = (hash: string) =>
  new URLSearchParams(hash.slice(1)).get(SETUP_KEY) || undefined;

/** A passkey ceremony the person cancelled is not an error worth a red line. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.name === 'NotAllowedError') return T.cancelled;
  return error instanceof Error ? error.message : String(error);
}

export const passkeysPossible = () =>
  window.isSecureContext && typeof window.PublicKeyCredential === 'function';

interface PasskeySignInProps {
  onSignedIn: (session: OwnerSession) => void;
  notice?: string;
}

export function PasskeySignIn({ onSignedIn, notice }: PasskeySignInProps) {
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  // The prerendered page knows neither the address's fragment nor the browser: until the page
  // has hydrated it shows what the HTML shows, its button not yet usable.
  const hydrated = useHydrated();
  // Kept in memory; the address bar and the history lose it at once, whatever follows.
  // A link opened in a tab that shows the page already brings its token too.
  const inAddress = hydrated ? setupTokenIn(hash) : undefined;
  const [setupToken, setSetupToken] = useState(inAddress);
  if (inAddress && inAddress !== setupToken) setSetupToken(inAddress);
  useEffect(() => {
    if (inAddress) void navigate(pathname, { replace: true });
  }, [inAddress, pathname, navigate]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  if (hydrated && !passkeysPossible()) return <p role="alert">{T.noPasskeys}</p>;

  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const session = setupToken ? await registerPasskey(setupToken) : await signIn();
      onSignedIn(session);
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="owner-sign-in card">
      {setupToken && <p>{T.setUpLead}</p>}
      {(error ?? notice) && (
        <p className="owner__error" role="alert">
          {error ?? notice}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={busy || !hydrated}
        onClick={run}
      >
        {setupToken ? T.setUp : T.signIn}
      </button>
      {busy && <p role="status">{T.busy}</p>}
    </div>
  );
}
