import { useSession } from '../../auth/session-context';
import { useLogout } from '../../auth/use-logout';
import { BackHomeLink } from '../back-home-link';
import { DocumentGroups } from './document-groups';
import { LoginGate } from './login-gate';
import { useDocuments } from './use-documents';
import { ZipButton } from './zip-button';
import './protected-page.css';
import { pageTitle } from '../../content/owner';

function DocumentsArea() {
  const logout = useLogout();
  const { state, retry } = useDocuments();

  return (
    <>
      <div className="page__header protected__header">
        <div>
          <h1 className="page__title">Willkommen!</h1>
          <p className="page__lead">
            Hier findest du meine Bewerbungsunterlagen zum Ansehen und Herunterladen.
          </p>
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
export default function ProtectedPage() {
  const { isAuthenticated } = useSession();
  return (
    <div className="page container protected">
      <title>{pageTitle('Dokumente')}</title>
      <meta name="robots" content="noindex, nofollow" />
      <BackHomeLink section="documents">Zurück zur Startseite</BackHomeLink>
      {isAuthenticated ? <DocumentsArea /> : <LoginGate />}
    </div>
  );
}
