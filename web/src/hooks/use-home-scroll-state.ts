import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SECTION_IDS, type SectionId } from '../constants';
import { useLocalePath } from '../i18n/use-language';
import { scrollToSectionWithFollowUp } from './scroll';

/** Navigation state that asks the start page to scroll to a section. */
export interface ScrollToState {
  scrollTo: SectionId;
}

function requestedSection(state: unknown): SectionId | null {
  if (typeof state !== 'object' || state === null || !('scrollTo' in state)) return null;
  const id = (state as { scrollTo: unknown }).scrollTo;
  return SECTION_IDS.find((known) => known === id) ?? null;
}

/**
 * On the start page: follows a `scrollTo` navigation state, and replaces a location
 * with a hash by the same path without it (scrolling to the named section, if any).
 */
export function useHomeScrollState(): void {
  const { state, hash } = useLocation();
  const navigate = useNavigate();
  const home = useLocalePath()('/');

  useEffect(() => {
    const target = requestedSection(state);
    if (target) return scrollToSectionWithFollowUp(target);
    if (hash) {
      const fromHash = requestedSection({ scrollTo: decodeURIComponent(hash.slice(1)) });
      navigate(home, { replace: true, state: fromHash ? { scrollTo: fromHash } : null });
    }
  }, [state, hash, navigate, home]);
}
