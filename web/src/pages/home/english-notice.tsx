import { englishNotice } from '../../content/en/english-notice';
import { CloseIcon } from '../../layout/icons';
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
      <button
        type="button"
        className="button button--ghost"
        aria-label={englishNotice.dismiss}
        onClick={onDismiss}
      >
        <CloseIcon />
      </button>
    </section>
  );
}
