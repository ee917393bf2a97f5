import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NAVIGATE_THEN_SCROLL_DELAY_MS, type SectionId } from '../constants';
import { useLocalePath } from '../i18n/use-language';
import { scrollToSection, scrollToSectionWhenRendered } from './scroll';

/** Header navigation: scroll on the start page, else go there first and scroll after 100 ms. */
export function useSectionNavigation(): (id: SectionId) => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const home = useLocalePath()('/');
  return useCallback(
    (id: SectionId) => {
      if (pathname === home) {
        scrollToSection(id);
        return;
      }
      navigate(home);
      window.setTimeout(() => scrollToSectionWhenRendered(id), NAVIGATE_THEN_SCROLL_DELAY_MS);
    },
    [pathname, navigate, home],
  );
}
