import { Link } from 'react-router-dom';
import { pageTitle } from '../../content/owner';

export default function NotFoundPage() {
  return (
    <div className="page container not-found">
      <title>{pageTitle('Seite nicht gefunden')}</title>
      <meta name="robots" content="noindex" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">Seite nicht gefunden</h1>
      <p>
        Diese Seite gibt es leider nicht. Vielleicht hat sich ein Tippfehler in die Adresse
        eingeschlichen.
      </p>
      <Link className="button button--primary" to="/">
        Zur Startseite
      </Link>
    </div>
  );
}
