import { useState } from 'react';
import { englishNotice } from '../../content/en/english-notice';
import { CloseButton } from '../../layout/close-button';
import { localePath } from '../../i18n/languages';
import { useLanguage } from '../../i18n/use-language';

/**
 * On the German start page, offers the English one to a browser that prefers English
 * (docs/product.md#languages): a notice that can be dismissed, never a redirect. Every visitor's
 * page carries it, the same prerendered HTML for all; CSS shows it where the pre-paint script
 * marked <html data-prefers-english>, so it appears with the first paint and hydrates like the
 * rest of the page. Dismissing it lasts as long as the page, as nothing is stored.
 */
export function EnglishSuggestion() {
  const language = useLanguage();
  const [dismissed, setDismissed] = useState(false);
  if (language !== 'de' || dismissed) return null;
  return (
    <section className="english-notice" aria-label={englishNotice.label} lang="en">
      <p>
        {englishNotice.text}{' '}
        <a href={localePath('en', '/')} hrefLang="en">
          {englishNotice.link}
        </a>
      </p>
      <CloseButton label={englishNotice.dismiss} onClose={() => setDismissed(true)} />
    </section>
  );
}
