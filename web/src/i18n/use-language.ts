import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { languageOfPath, localePath, type Language } from './languages';

export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** Turns a page (`/`, `/all-projects`) into its address in the current page's language. */
export function useLocalePath(): (page: string) => string {
  const language = useLanguage();
  return useCallback((page: string) => localePath(language, page), [language]);
}
