import { accessNameOf } from '../../auth/access-link';
import {
  ACCESS_LINK_CHECKING_MESSAGE,
  ACCESS_LINK_ERROR_MESSAGE,
  ACCESS_LINK_REFUSED_MESSAGE,
} from '../../auth/login-messages';
import { useSession } from '../../auth/session-context';
import { useLogout } from '../../auth/use-logout';
import { BackHomeLink } from '../back-home-link';
import { DocumentGroups } from './document-groups';
import { LoginGate } from './login-gate';
import { useAccessLink } from './use-access-link';
import { useDocuments } from './use-documents';
import { ZipButton } from './zip-button';
import './protected-page.css';
import { pageTitle } from '../../content/owner';

function DocumentsArea() {
  const logout = useLogout();
  const { token } = useSession();
  const { state, retry } = useDocuments();
  // Only the holder's own access is ever named.
  const accessName = accessNameOf(token);

  return (
    <>
      <div className="page__header protected__header">
        <div>
          <h1 className="page__title">Willkommen!</h1>
          <p className="page__lead">
            Hier findest du meine Bewerbungsunterlagen zum Ansehen und Herunterladen.
          </p>
          {accessName && <p className="protected__access">Zugang für {accessName}</p>}
        </div>
        <button type="button" className="button" onClick={logout}>
          Logout
        </button>
      </div>
      {state.status === 'loading' && <p role="status">Dokumente werden geladen...</p>}
      {state.status === 'error' && (
        <div role="alert" className="protected__error">
          <p>Die Dokumente konnten nicht geladen werden.</p>
          <button type="button" className="button" onClick={retry}>
            Erneut versuchen
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <DocumentGroups groups={state.groups} />
          <p className="protected__zip">
            <ZipButton />
          </p>
        </>
      )}
    </>
  );
}

/** The documents page; the gate's login form stands in for it until the visitor logs in. */
const GATE_NOTICE = {
  none: undefined,
  checking: undefined,
  refused: ACCESS_LINK_REFUSED_MESSAGE,
  error: ACCESS_LINK_ERROR_MESSAGE,
};

function AccessOrGate() {
  const { isAuthenticated } = useSession();
  const accessLink = useAccessLink();
  if (accessLink === 'checking') return <p role="status">{ACCESS_LINK_CHECKING_MESSAGE}</p>;
  return isAuthenticated ? <DocumentsArea /> : <LoginGate notice={GATE_NOTICE[accessLink]} />;
}

export default function ProtectedPage() {
  return (
    <div className="page container protected">
      <title>{pageTitle('Dokumente')}</title>
      <meta name="robots" content="noindex, nofollow" />
      <BackHomeLink section="documents">Zurück zur Startseite</BackHomeLink>
      <AccessOrGate />
    </div>
  );
}
