import { Link } from 'react-router-dom';
import { LoginForm } from '../../auth/login-form';
import { SessionVariant } from '../../auth/session-variant';
import { useSiteTexts } from '../../i18n/use-site-texts';
import { useLocalePath } from '../../i18n/use-language';
import { LockBadge } from '../../layout/lock-badge';
import { Section } from '../section';
import './documents-section.css';

export function DocumentsSection() {
  const { nav, documents } = useSiteTexts();
  const localePath = useLocalePath();
  return (
    <Section id="documents" title={nav.documents} eyebrow={documents.eyebrow}>
      <div className="documents card">
        <SessionVariant
          as="div"
          loggedIn={
            <>
              <LockBadge open size={28} />
              <p>{documents.loggedIn}</p>
              <Link className="button button--primary" to={localePath('/protected')}>
                {documents.open}
              </Link>
            </>
          }
          loggedOut={
            <>
              <LockBadge open={false} size={28} />
              <p>{documents.loggedOut}</p>
              <LoginForm variant="standard" className="documents__form" />
            </>
          }
        />
      </div>
    </Section>
  );
}
