import { lazy, Suspense, useState } from 'react';
import { Dialog } from '../../layout/dialog';
import { useProtectedTexts } from '../../i18n/use-protected-texts';
import { useSiteTexts } from '../../i18n/use-site-texts';

// The footer's privacy text, in the chunk its popup loads.
const LegalText = lazy(() => import('../../layout/legal-texts'));

/**
 * What the log keeps of a company's visit, in one line with "Datenschutz", opening the privacy
 * policy as the footer's link does (beside the line: a popup is no part of a text); below it,
 * that its PDFs carry its name, unless the owner switched that off. The first line is the same
 * for every company, so the page's prerendered frame paints it (protected-page.tsx).
 */
export function RecordedNotice({ stampedFor }: { stampedFor?: string }) {
  const [open, setOpen] = useState(false);
  const { accessLink } = useProtectedTexts();
  const { footer, loading } = useSiteTexts();
  return (
    <>
      <p className="protected__recorded">
        {accessLink.recorded}{' '}
        <button type="button" className="link-button" onClick={() => setOpen(true)}>
          {footer.privacy}
        </button>
      </p>
      {stampedFor && <p className="protected__recorded">{accessLink.stamped(stampedFor)}</p>}
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
