import type { SyntheticEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useSiteTexts } from '../i18n/use-site-texts';
import { sectionInView } from '../hooks/scroll';
import { languageOfPath, localePath, otherLanguage, pageOfPath } from '../i18n/languages';

/**
 * The header's link to the same page in the other language (docs/product.md#languages): a plain
 * link, so it works before and without the app, and the language stays in the address only.
 * On the start page it takes the section in view along as the hash.
 */
export function LanguageSwitch() {
  const { pathname, search } = useLocation();
  const { otherLanguage: name } = useSiteTexts();
  const target = otherLanguage(languageOfPath(pathname));
  const page = pageOfPath(pathname);
  const href = localePath(target, page) + search;

  // At the moment of following the link, not at render: the visitor scrolls without re-rendering.
  const withSection = (event: SyntheticEvent<HTMLAnchorElement>) => {
    const section = page === '/' ? sectionInView() : null;
    event.currentTarget.href = section ? `${href}#${section}` : href;
  };

  return (
    <a
      className="site-nav__link language-switch"
      href={href}
      lang={target}
      hrefLang={target}
      onClick={withSection}
      onPointerDown={withSection}
    >
      {name}
    </a>
  );
}
