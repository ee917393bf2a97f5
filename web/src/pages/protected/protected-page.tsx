import { accessNameOf, accessStampedOf } from '../../auth/access-name';
import { useHydrated } from '../../hydration/use-hydrated';
import { useSession } from '../../auth/session-context';
import { useLogout } from '../../auth/use-logout';
import { BackHomeLink } from '../back-home-link';
import { DocumentGroups } from './document-groups';
import { LoginGate } from './login-gate';
import { RecordedNotice } from './recorded-notice';
import { useAccessLink } from './use-access-link';
import { useDocuments } from './use-documents';
import { ZipButton } from './zip-button';
import './protected-page.css';
import { pageTitle } from '../../content/owner';
import { useProtectedTexts } from '../../i18n/use-protected-texts';

function DocumentsArea() {
  const logout = useLogout();
  const { token } = useSession();
  const { state, retry } = useDocuments();
  const texts = useProtectedTexts();
  // Only the holder's own access is ever named.
  const accessName = accessNameOf(token);

  return (
    <>
      <div className="page__header protected__header">
        <div>
          <h1 className="page__title">
            {accessName ? `${texts.accessLink.greeting} ${accessName}` : texts.welcome}
          </h1>
          <p className="page__lead">{texts.lead}</p>
          {accessName && (
            <RecordedNotice stampedFor={accessStampedOf(token) ? accessName : undefined} />
          )}
        </div>
        <button type="button" className="button" onClick={logout}>
          Logout
        </button>
      </div>
      {state.status === 'loading' && <p role="status">{texts.loading}</p>}
      {state.status === 'error' && (
        <div role="alert" className="protected__error">
          <p>{texts.loadFailed}</p>
          <button type="button" className="button" onClick={retry}>
            {texts.retry}
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

/**
 * The documents page's top before its list: room for the greeting, the lead and, to a link's
 * holder, the line on what is recorded, in the place DocumentsArea puts them. Prerendered, it
 * shows only to a visitor whose list will follow (protected-page.css), and paints with the page
 * instead of waiting for the app: the app's own lines, no larger, then leave the company's
 * largest paint where the page's first one was.
 */
function DocumentsFrame({ status }: { status?: string }) {
  const texts = useProtectedTexts();
  return (
    <div className={`protected__frame${status ? ' protected__frame--shown' : ''}`}>
      <div className="page__header protected__header">
        <div>
          <div className="page__title protected__title-space" />
          <p className="page__lead">{texts.lead}</p>
          <RecordedNotice />
          {status && <p role="status">{status}</p>}
        </div>
      </div>
    </div>
  );
}

/**
 * The documents page; the gate's login form stands in for it until the visitor logs in. The
 * prerendered HTML and its hydration show neither: only the browser knows the session and the
 * link's answer.
 */
function AccessOrGate() {
  const { isAuthenticated } = useSession();
  const { accessLink: texts } = useProtectedTexts();
  const accessLink = useAccessLink();
  const hydrated = useHydrated();
  if (!hydrated) return <DocumentsFrame />;
  if (accessLink === 'checking') return <DocumentsFrame status={texts.checking} />;
  const notice = accessLink === 'refused' || accessLink === 'error' ? texts[accessLink] : undefined;
  return isAuthenticated ? <DocumentsArea /> : <LoginGate notice={notice} />;
}

export default function ProtectedPage() {
  const { title } = useProtectedTexts();
  return (
    <div className="page container protected">
      <title>{pageTitle(title)}</title>
      <meta name="robots" content="noindex, nofollow" />
      <BackHomeLink section="documents" />
      <AccessOrGate />
    </div>
  );
}
