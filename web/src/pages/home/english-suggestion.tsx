import { lazy, Suspense, useState } from 'react';
import { useHydrated } from '../../hydration/use-hydrated';
import { useLanguage } from '../../i18n/use-language';

const EnglishNotice = lazy(() => import('./english-notice'));

/** True when the browser ranks English above German (a language neither German nor English counts for neither). */
export function prefersEnglish(languages: readonly string[]): boolean {
  const ours = languages
    .map((tag) => tag.toLowerCase().split('-')[0])
    .find((language) => language === 'de' || language === 'en');
  return ours === 'en';
}

/**
 * On the German start page, offers the English one to a browser that prefers English
 * (docs/product.md#languages): a notice that can be dismissed, never a redirect. It appears only
 * after hydration, so the prerendered page is the same for every visitor; dismissing it lasts
 * as long as the page, as nothing is stored.
 */
export function EnglishSuggestion() {
  const hydrated = useHydrated();
  const language = useLanguage();
  const [dismissed, setDismissed] = useState(false);
  if (!hydrated || language !== 'de' || dismissed || !prefersEnglish(navigator.languages)) {
    return null;
  }
  return (
    <Suspense fallback={null}>
      <EnglishNotice onDismiss={() => setDismissed(true)} />
    </Suspense>
  );
}
