import { englishNotice } from '../../content/en/english-notice';
import { CloseButton } from '../../layout/close-button';
import { localePath } from '../../i18n/languages';

/** The notice itself, a chunk of its own: most visitors of the German start page never see it. */
export default function EnglishNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <section className="english-notice" aria-label={englishNotice.label} lang="en">
      <p>
        {englishNotice.text}{' '}
        <a href={localePath('en', '/')} hrefLang="en">
          {englishNotice.link}
        </a>
      </p>
      <CloseButton label={englishNotice.dismiss} onClose={onDismiss} />
    </section>
  );
}
