import { Suspense, useLayoutEffect, type ReactNode } from 'react';
import { useHydrated } from '../hydration/use-hydrated';
import { useViewport } from '../hooks/use-media-query';
import { useTheme } from '../theme/theme-context';
import { useSiteTexts } from '../i18n/use-site-texts';
import { LanguageHead } from '../i18n/language-head';
import { BackToTop } from './back-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ThemeOverlay } from './theme-overlay';

/** The frame around every route: header, back-to-top button, footer and theme overlay. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  const viewport = useViewport();
  const hydrated = useHydrated();
  const texts = useSiteTexts();

  // On <html>, where the pre-paint script put the first value, so the prerendered markup is
  // laid out for the visitor's screen before any script of the bundle runs.
  useLayoutEffect(() => {
    if (hydrated) document.documentElement.dataset.viewport = viewport;
  }, [hydrated, viewport]);

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
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<p className="page-loading container">{texts.loading}</p>}>
          {children}
        </Suspense>
      </main>
      <BackToTop />
      <SiteFooter />
      <ThemeOverlay />
    </div>
  );
}
