import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../../layout/dialog';
import { useSiteTexts } from '../../i18n/use-site-texts';

// The footer's privacy text, in the chunk its popup loads.
const LegalText = lazy(() => import('../../layout/legal-texts'));

/** "Datenschutz", opening the privacy policy as the footer's link does. */
export function PrivacyLink() {
  const [open, setOpen] = useState(false);
  const { footer, loading } = useSiteTexts();
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        {footer.privacy}
      </button>
      {open && (
        <Dialog title={footer.privacyTitle} onClose={() => setOpen(false)}>
          <Suspense fallback={<p>{loading}</p>}>
            <LegalText which="privacy" />
          </Suspense>
        </Dialog>
      )}
    </>
  );
}
