import { lazy, Suspense, useState } from 'react';
import { COPYRIGHT_YEAR } from '../constants';
import { owner } from '../content/owner';
import { useSiteTexts } from '../i18n/use-site-texts';
import { Dialog } from './dialog';
import './site-footer.css';

type Popup = 'impressum' | 'privacy' | null;

const LegalText = lazy(() => import('./legal-texts'));

export function SiteFooter() {
  const [popup, setPopup] = useState<Popup>(null);
  const close = () => setPopup(null);
  const { footer, loading } = useSiteTexts();
  const titles = { impressum: footer.impressum, privacy: footer.privacyTitle };

  return (
    <footer id="site-footer" className="site-footer">
      <div className="container site-footer__inner">
        <p className="site-footer__copy">
          © {COPYRIGHT_YEAR} {owner.name}
        </p>
        <ul className="site-footer__links">
          <li>
            <button type="button" className="link-button" onClick={() => setPopup('impressum')}>
              {footer.impressum}
            </button>
          </li>
          <li>
            <button type="button" className="link-button" onClick={() => setPopup('privacy')}>
              {footer.privacy}
            </button>
          </li>
        </ul>
      </div>
      {popup && (
        <Dialog title={titles[popup]} onClose={close}>
          <Suspense fallback={<p>{loading}</p>}>
            <LegalText which={popup} />
          </Suspense>
        </Dialog>
      )}
    </footer>
  );
}
