// The contact form's contract between browser and API, in one file both build from: the web
// imports it as `@portfolio/api/contact-limits` (an export of this package), so the form's cut
// and counter can never disagree with what the API accepts.

/** Characters a contact message may have (docs/product.md#contact-form). */
export const MESSAGE_MAX_LENGTH = 750;

/**
 * The languages the site and its form come in (docs/product.md#languages), German first: the
 * form says which one the visitor used, and the owner's mail names it.
 */
export const CONTACT_LANGUAGES = ['de', 'en'] as const;
export type ContactLanguage = (typeof CONTACT_LANGUAGES)[number];
