import { Suspense, type ReactNode } from 'react';
import { useViewport } from '../hooks/use-media-query';
import { useTheme } from '../theme/theme-context';
import { BackToTop } from './back-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ThemeOverlay } from './theme-overlay';

/** The frame around every route: header, back-to-top button, footer and theme overlay. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  const viewport = useViewport();

  return (
    <div className={`app theme-${theme}`} data-viewport={viewport}>
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // Focus instead of a hash change: a hash on / would be stripped again (spec §2).
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Zum Inhalt springen
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading container">Wird geladen...</p>}>
          {children}
        </Suspense>
      </main>
      <BackToTop />
      <SiteFooter />
      <ThemeOverlay />
    </div>
  );
}
