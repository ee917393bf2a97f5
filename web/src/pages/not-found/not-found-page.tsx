import { Link } from 'react-router-dom';
import { pageTitle } from '../../content/owner';
import { useNotFoundTexts } from '../../i18n/use-not-found-texts';
import { useLocalePath } from '../../i18n/use-language';

export default function NotFoundPage() {
  const texts = useNotFoundTexts();
  const localePath = useLocalePath();
  return (
    <div className="page container not-found">
      <title>{pageTitle(texts.title)}</title>
      <meta name="robots" content="noindex" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">{texts.title}</h1>
      <p>{texts.text}</p>
      <Link className="button button--primary" to={localePath('/')}>
        {texts.home}
      </Link>
    </div>
  );
}
