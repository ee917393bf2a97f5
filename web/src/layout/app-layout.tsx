import { memo, Suspense, useLayoutEffect, type ReactNode } from 'react';
import { useHydrated } from '../hydration/use-hydrated';
import { useViewport } from '../hooks/use-media-query';
import { useTheme } from '../theme/theme-context';
import { useSiteTexts } from '../i18n/use-site-texts';
import { LanguageHead } from '../i18n/language-head';
import { BackToTop } from './back-to-top';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ThemeOverlay } from './theme-overlay';

/**
 * The route's page. Its HTML hydrates after the frame's, and React can update it only once it
 * has: memoised, a re-render of the frame (the theme, the screen known after hydration) stops
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

/**
 * The screen's class on <html>, where the pre-paint script put the first value, so the
 * prerendered markup is laid out for the visitor's screen before any script of the bundle
 * runs. A component of its own: it re-renders once hydration knows the screen, the frame not.
 */
function ViewportMark() {
  const viewport = useViewport();
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (hydrated) document.documentElement.dataset.viewport = viewport;
  }, [hydrated, viewport]);
  return null;
}

/** The frame around every route: header, back-to-top button, footer and theme overlay. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  const texts = useSiteTexts();

  return (
    <div className={`app theme-${theme}`}>
      <ViewportMark />
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
