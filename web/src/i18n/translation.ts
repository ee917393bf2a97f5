// How a component gets its texts. German texts are imported by the chunk that shows them, so a
// German visitor loads exactly what the site loaded before it had a second language; the English
// texts are one chunk of their own (content/en/index.ts), loaded only on English pages.
import { use } from 'react';
import type { EnglishTexts } from '../content/en';
import type { Translated } from '../content/translated';
import { useLanguage } from './use-language';

let english: Promise<EnglishTexts> | undefined;
let englishLoaded: EnglishTexts | undefined;

/** Loads the English texts once. */
export function loadEnglish(): Promise<EnglishTexts> {
  english ??= import('../content/en').then(({ en }) => (englishLoaded = en));
  return english;
}

/**
 * The current page's texts: `german` as given, or its English translation picked from the chunk.
 * Texts loaded before the render (the app's start loads them) are read at once, so the page
 * renders and hydrates in one pass; otherwise the render waits for them (React's `use`).
 */
export function useTexts<T>(german: T, pickEnglish: (texts: EnglishTexts) => Translated<T>) {
  const language = useLanguage();
  if (language === 'de') return german as Translated<T>;
  return pickEnglish(englishLoaded ?? use(loadEnglish()));
}
