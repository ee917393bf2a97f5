import { Link } from 'react-router-dom';
import { LoginForm } from '../../auth/login-form';
import { SessionVariant } from '../../auth/session-variant';
import { LockBadge } from '../../layout/lock-badge';
import { Section } from '../section';
import './documents-section.css';

export function DocumentsSection() {
  return (
    <Section id="documents" title="Dokumente" eyebrow="Bewerbungsunterlagen">
      <div className="documents card">
        <SessionVariant
          as="div"
          loggedIn={
            <>
              <LockBadge open size={28} />
              <p>Du bist angemeldet. Lebenslauf, Zeugnisse und Bestätigungen findest du hier:</p>
              <Link className="button button--primary" to="/protected">
                Passwortgeschützte Seite öffnen
              </Link>
            </>
          }
          loggedOut={
            <>
              <LockBadge open={false} size={28} />
              <p>
                Lebenslauf, Zeugnisse und Kursbestätigungen sind passwortgeschützt. Die Zugangsdaten
                erhältst du mit meiner Bewerbung.
              </p>
              <LoginForm variant="standard" className="documents__form" />
            </>
          }
        />
      </div>
    </Section>
  );
}
