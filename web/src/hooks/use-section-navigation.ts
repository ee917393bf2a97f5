import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { NAVIGATE_THEN_SCROLL_DELAY_MS, type SectionId } from '../constants';
import { scrollToSection, scrollToSectionWhenRendered } from './scroll';

/** Header navigation: scroll on the start page, else go there first and scroll after 100 ms. */
export function useSectionNavigation(): (id: SectionId) => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return useCallback(
    (id: SectionId) => {
      if (pathname === '/') {
        scrollToSection(id);
        return;
      }
      navigate('/');
      window.setTimeout(() => scrollToSectionWhenRendered(id), NAVIGATE_THEN_SCROLL_DELAY_MS);
    },
    [pathname, navigate],
  );
}
