import { Link } from 'react-router-dom';
import type { SectionId } from '../constants';
import type { ScrollToState } from '../hooks/use-home-scroll-state';

/** Back to a section of the start page, through the `scrollTo` navigation state. */
export function BackHomeLink({ section, children }: { section: SectionId; children: string }) {
  const state: ScrollToState = { scrollTo: section };
  return (
    <Link className="back-link" to="/" state={state}>
      <span aria-hidden="true">←</span> {children}
    </Link>
  );
}
