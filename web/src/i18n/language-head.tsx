import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { owner } from '../content/owner';
import { useSiteTexts } from './use-site-texts';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  languageOfPath,
  localePath,
  pageOfPath,
  type Language,
} from './languages';

/**
 * The head tags that say which language a page is in and where its other language is
 * (docs/product.md#languages): canonical address, `hreflang` alternates with `x-default` on the
 * German page, and the Open Graph texts. React puts them into <head>, and the prerender with them.
 */
export function LanguageHead() {
  const { pathname } = useLocation();
  const language = languageOfPath(pathname);
  const page = pageOfPath(pathname);
  const { meta } = useSiteTexts();
  const address = (of: Language) => `${owner.siteUrl}${localePath(of, page)}`;

  // The prerendered page carries its language already; a client-rendered one gets it here.
  useLayoutEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  return (
    <>
      <link rel="canonical" href={address(language)} />
      {LANGUAGES.map((alternate) => (
        <link key={alternate} rel="alternate" hrefLang={alternate} href={address(alternate)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={address(DEFAULT_LANGUAGE)} />
      <meta property="og:locale" content={meta.ogLocale} />
      <meta property="og:url" content={address(language)} />
      <meta property="og:title" content={meta.ogTitle} />
      <meta property="og:description" content={meta.ogDescription} />
    </>
  );
}
