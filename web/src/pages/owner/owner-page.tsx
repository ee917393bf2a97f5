// The owner's page (/verwaltung): access links from a phone, signed in with
// a passkey only. Linked from nowhere, not indexed, prerendered as every visit
// starts (signed out: the session lives in the page's memory); its code is a
// chunk of its own that `/` never loads (docs/operations.md, "Verwaltung auf
// dem Handy").
import { useCallback, useEffect, useState } from 'react';
import { pageTitle } from '../../content/owner';
import type { AccessView } from '@portfolio/api/contract';
import type { OwnerApi } from '../../api/owner-client';
import { AccessList } from './access-list';
import { NewAccessForm } from './new-access-form';
import { PasskeySignIn } from './passkey-sign-in';
import { PasskeysPanel } from './passkeys-panel';
import { OWNER_TEXTS as T } from './owner-texts';
import { useOwnerSession } from './use-owner-session';
import './owner-page.css';

function SignedIn({ api, onLogout }: { api: OwnerApi; onLogout: () => void }) {
  const [accesses, setAccesses] = useState<AccessView[]>();
  const [sections, setSections] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const fail = useCallback((caught: Error) => setError(caught.message), []);
  const reload = useCallback(() => api.accesses().then(setAccesses, fail), [api, fail]);
  useEffect(() => {
    void reload();
    api.sections().then(setSections, fail);
  }, [api, reload, fail]);

  return (
    <>
      <button type="button" className="button owner__logout" onClick={onLogout}>
        Logout
      </button>
      {error && (
        <p className="owner__error" role="alert">
          {error}
        </p>
      )}
      <NewAccessForm api={api} sections={sections} onCreated={reload} />
      <AccessList api={api} accesses={accesses} sections={sections} onChanged={reload} />
      <PasskeysPanel api={api} />
    </>
  );
}

export default function OwnerPage() {
  const { api, signIn, logOut, notice } = useOwnerSession();
  return (
    <div className="page container owner">
      <title>{pageTitle(T.title)}</title>
      <meta name="robots" content="noindex, nofollow" />
      <div className="page__header">
        <h1 className="page__title">{T.title}</h1>
        <p className="page__lead">{T.lead}</p>
      </div>
      {api ? (
        <SignedIn api={api} onLogout={logOut} />
      ) : (
        <PasskeySignIn onSignedIn={signIn} notice={notice} />
      )}
    </div>
  );
}
