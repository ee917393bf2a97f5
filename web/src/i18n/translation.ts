// How a component gets its texts. German texts are imported by the chunk that shows them, so a
// German visitor loads exactly what the site loaded before it had a second language; the English
// texts are one chunk of their own (content/en/index.ts), loaded only on English pages.
import { use } from 'react';
import type { EnglishTexts } from '../content/en';
import { useLanguage } from './use-language';

/**
 * The shape every translation of a German text has: the same keys, lists of the same length and
 * functions of the same parameters, with any strings. A text missing or left over in either
 * language fails the type check.
 */
export type Translated<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Translated<R>
    : T extends object
      ? { [K in keyof T]: Translated<T[K]> }
      : T;

type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

let english: Tracked<EnglishTexts> | undefined;

/**
 * Loads the English texts once. The promise carries its value when it has arrived, which React's
 * `use` reads without suspending, so a page whose texts were loaded first hydrates in one pass.
 */
export function loadEnglish(): Promise<EnglishTexts> {
  if (!english) {
    const loading: Tracked<EnglishTexts> = import('../content/en').then(({ en }) => {
      loading.status = 'fulfilled';
      loading.value = en;
      return en;
    });
    english = loading;
  }
  return english;
}

/** The current page's texts: `german` as given, or its English translation picked from the chunk. */
export function useTexts<T>(german: T, pickEnglish: (texts: EnglishTexts) => Translated<T>) {
  const language = useLanguage();
  return language === 'de' ? (german as Translated<T>) : pickEnglish(use(loadEnglish()));
}
