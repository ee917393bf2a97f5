import { lazy, Suspense, useState } from 'react';
import { COPYRIGHT_YEAR } from '../constants';
import { owner } from '../content/owner';
import { Dialog } from './dialog';
import './site-footer.css';

type Popup = 'impressum' | 'privacy' | null;

const LegalText = lazy(() => import('./legal-texts'));
const TITLES = { impressum: 'Impressum', privacy: 'Datenschutzerklärung' } as const;

export function SiteFooter() {
  const [popup, setPopup] = useState<Popup>(null);
  const close = () => setPopup(null);

  return (
    <footer id="site-footer" className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__copy">
          © {COPYRIGHT_YEAR} {owner.name}
        </p>
        <ul className="site-footer__links">
          <li>
            <button type="button" className="link-button" onClick={() => setPopup('impressum')}>
              Impressum
            </button>
          </li>
          <li>
            <button type="button" className="link-button" onClick={() => setPopup('privacy')}>
              Datenschutz
            </button>
          </li>
        </ul>
      </div>
      {popup && (
        <Dialog title={TITLES[popup]} onClose={close}>
          <Suspense fallback={<p>Wird geladen...</p>}>
            <LegalText which={popup} />
          </Suspense>
        </Dialog>
      )}
    </footer>
  );
}
