// The site's languages and their addresses (docs/product.md#languages): German at the root,
// English under /en/. The language of a page is read from its address, nowhere else.
import { CONTACT_LANGUAGES, type ContactLanguage } from '@portfolio/api/contact-limits';

/** The API's list, so the contact form never sends a language the API refuses. */
export const LANGUAGES = CONTACT_LANGUAGES;
export type Language = ContactLanguage;

/** The language of the root addresses, and the one `x-default` points to. */
export const DEFAULT_LANGUAGE: Language = 'de';

const ENGLISH_PREFIX = '/en';

export function languageOfPath(pathname: string): Language {
  return pathname === ENGLISH_PREFIX || pathname.startsWith(`${ENGLISH_PREFIX}/`) ? 'en' : 'de';
}

/** The page a path shows, whatever its language: `/en/all-projects` → `/all-projects`. */
export function pageOfPath(pathname: string): string {
  return languageOfPath(pathname) === 'en'
    ? pathname.slice(ENGLISH_PREFIX.length) || '/'
    : pathname;
}

/** The address of a page (`/`, `/all-projects`) in a language: `/en/`, `/en/all-projects`. */
export function localePath(language: Language, page: string): string {
  return language === 'en' ? `${ENGLISH_PREFIX}${page}` : page;
}

export function otherLanguage(language: Language): Language {
  return language === 'de' ? 'en' : 'de';
}
