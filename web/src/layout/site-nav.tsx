import type { KeyboardEvent } from 'react';
import { SessionVariant } from '../auth/session-variant';
import { LockIcon } from './icons';
import { NAV_ITEMS } from './nav-items';
import { SectionLink } from './section-link';

interface SiteNavProps {
  id: string;
  open: boolean;
  /** Runs when a link is chosen, before the scroll (closes the menus). */
  onNavigate: () => void;
  onEscape: () => void;
}

export function SiteNav({ id, open, onNavigate, onEscape }: SiteNavProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (open && event.key === 'Escape') onEscape();
  };

  return (
    <nav
      id={id}
      className="site-nav"
      data-open={open}
      aria-label="Hauptnavigation"
      onKeyDown={onKeyDown}
    >
      <ul className="site-nav__list">
        {NAV_ITEMS.map((item) => (
          <li key={item.id}>
            <SectionLink className="site-nav__link" section={item.id} onNavigate={onNavigate}>
              {item.label}
              {item.id === 'documents' && (
                <>
                  {' '}
                  <SessionVariant
                    loggedIn={<NavLock open />}
                    loggedOut={<NavLock open={false} />}
                  />
                </>
              )}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function NavLock({ open }: { open: boolean }) {
  return (
    <span className="site-nav__lock" data-locked={!open}>
      <LockIcon open={open} />
      <span className="visually-hidden">{open ? '(entsperrt)' : '(gesperrt)'}</span>
    </span>
  );
}
