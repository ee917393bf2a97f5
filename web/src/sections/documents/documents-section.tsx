import { Link } from 'react-router-dom';
import { LoginForm } from '../../auth/login-form';
import { useSession } from '../../auth/session-context';
import { LockBadge } from '../../layout/lock-badge';
import { Section } from '../section';
import './documents-section.css';

export function DocumentsSection() {
  const { isAuthenticated } = useSession();

  return (
    <Section id="documents" title="Dokumente" eyebrow="Bewerbungsunterlagen">
      <div className="documents card">
        <LockBadge open={isAuthenticated} size={28} />
        {isAuthenticated ? (
          <>
            <p>Du bist angemeldet. Lebenslauf, Zeugnisse und Bestätigungen findest du hier:</p>
            <Link className="button button--primary" to="/protected">
              Passwortgeschützte Seite öffnen
            </Link>
          </>
        ) : (
          <>
            <p>
              Lebenslauf, Zeugnisse und Kursbestätigungen sind passwortgeschützt. Die Zugangsdaten
              erhältst du mit meiner Bewerbung.
            </p>
            <LoginForm variant="standard" className="documents__form" />
          </>
        )}
      </div>
    </Section>
  );
}
