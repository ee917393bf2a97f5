import type { KeyboardEvent } from 'react';
import { SessionVariant } from '../auth/session-variant';
import { SECTION_IDS } from '../constants';
import { useSiteTexts } from '../i18n/use-site-texts';
import { LanguageSwitch } from './language-switch';
import { LockIcon } from './icons';
import { SectionLink } from './section-link';

interface SiteNavProps {
  id: string;
  open: boolean;
  /** Runs when a link is chosen, before the scroll (closes the menus). */
  onNavigate: () => void;
  onEscape: () => void;
}

export function SiteNav({ id, open, onNavigate, onEscape }: SiteNavProps) {
  const { nav, header } = useSiteTexts();
  const onKeyDown = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') onEscape();
  };

  return (
    <nav
      id={id}
      className="site-nav"
      data-open={open}
      aria-label={header.navigation}
      onKeyDown={onKeyDown}
    >
      <ul className="site-nav__list">
        {SECTION_IDS.map((id) => (
          <li key={id}>
            <SectionLink className="site-nav__link" section={id} onNavigate={onNavigate}>
              {nav[id]}
              {id === 'documents' && (
                <>
                  {' '}
                  <SessionVariant
                    loggedIn={<NavLock open label={header.unlocked} />}
                    loggedOut={<NavLock open={false} label={header.locked} />}
                  />
                </>
              )}
            </SectionLink>
          </li>
        ))}
        {/* In the navigation, so narrow screens fold it into the burger menu with the rest. */}
        <li className="site-nav__language">
          <LanguageSwitch />
        </li>
      </ul>
    </nav>
  );
}

function NavLock({ open, label }: { open: boolean; label: string }) {
  return (
    <span className="site-nav__lock" data-locked={!open}>
      <LockIcon open={open} />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
