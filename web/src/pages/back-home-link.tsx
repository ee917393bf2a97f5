import { Link } from 'react-router-dom';
import type { SectionId } from '../constants';
import type { ScrollToState } from '../hooks/use-home-scroll-state';
import { useSiteTexts } from '../i18n/use-site-texts';
import { useLocalePath } from '../i18n/use-language';

/** Back to a section of the start page, through the `scrollTo` navigation state. */
export function BackHomeLink({ section }: { section: SectionId }) {
  const state: ScrollToState = { scrollTo: section };
  const home = useLocalePath()('/');
  const { backHome } = useSiteTexts();
  return (
    <Link className="back-link" to={home} state={state}>
      <span aria-hidden="true">←</span> {backHome}
    </Link>
  );
}
