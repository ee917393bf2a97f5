import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../../layout/dialog';
import { useProtectedTexts } from '../../i18n/use-protected-texts';
import { useSiteTexts } from '../../i18n/use-site-texts';

// The footer's privacy text, in the chunk its popup loads.
const LegalText = lazy(() => import('../../layout/legal-texts'));

/**
 * What the log keeps of a company's visit, in one line, that its PDFs carry its name (unless the
 * owner switched that off), and "Datenschutz", opening the
 * privacy policy as the footer's link does (beside the line: a popup is no part of a text).
 */
export function RecordedNotice({ stampedFor }: { stampedFor?: string }) {
  const [open, setOpen] = useState(false);
  const { accessLink } = useProtectedTexts();
  const { footer, loading } = useSiteTexts();
  return (
    <>
      <p className="protected__recorded">
        {accessLink.recorded} {stampedFor && `${accessLink.stamped(stampedFor)} `}
        <button type="button" className="link-button" onClick={() => setOpen(true)}>
          {footer.privacy}
        </button>
      </p>
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
