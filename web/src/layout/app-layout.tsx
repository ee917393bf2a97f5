import { memo, Suspense, type ReactNode } from 'react';
import { useTheme } from '../theme/theme-context';
import { useSiteTexts } from '../i18n/use-site-texts';
import { LanguageHead } from '../i18n/language-head';
import { BackToTop } from './back-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ThemeOverlay } from './theme-overlay';

/**
 * The route's page. Its HTML hydrates after the frame's, and React can update it only once it
 * has: memoised, a re-render of the frame (the theme) stops
 * here instead of making React hydrate it at once.
 */
const SiteMain = memo(function SiteMain({
  loading,
  children,
}: {
  loading: string;
  children: ReactNode;
}) {
  return (
    <main id="main" className="site-main" tabIndex={-1}>
      <Suspense fallback={<p className="page-loading container">{loading}</p>}>{children}</Suspense>
    </main>
  );
});

/** The frame around every route: header, back-to-top button, footer and theme overlay. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  const texts = useSiteTexts();

  return (
    <div className={`app theme-${theme}`}>
      <LanguageHead />
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // Focus instead of a hash change: a hash on / would be stripped again.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        {texts.skipLink}
      </a>
      <SiteHeader />
      <SiteMain loading={texts.loading}>{children}</SiteMain>
      <BackToTop />
      <SiteFooter />
      <ThemeOverlay />
    </div>
  );
}
