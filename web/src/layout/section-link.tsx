import type { AnchorHTMLAttributes } from 'react';
import type { SectionId } from '../constants';
import { useSectionNavigation } from '../hooks/use-section-navigation';
import { useLocalePath } from '../i18n/use-language';

interface SectionLinkProps extends Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href' | 'onClick'
> {
  section: SectionId;
  /** Runs before the scroll starts, e.g. to close the menus. */
  onNavigate?: () => void;
}

/**
 * A link to a section of the start page: a real href (new tab, copy link),
 * but a click scrolls smoothly, from other pages after navigating there.
 */
export function SectionLink({ section, onNavigate, ...anchorProps }: SectionLinkProps) {
  const goToSection = useSectionNavigation();
  const localePath = useLocalePath();
  return (
    <a
      {...anchorProps}
      href={`${localePath('/')}#${section}`}
      onClick={(event) => {
        event.preventDefault();
        onNavigate?.();
        goToSection(section);
      }}
    />
  );
}
