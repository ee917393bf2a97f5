import type { KeyboardEvent } from 'react';
import { LockIcon } from './icons';
import { NAV_ITEMS } from './nav-items';
import { SectionLink } from './section-link';

interface SiteNavProps {
  id: string;
  open: boolean;
  isAuthenticated: boolean;
  /** Runs when a link is chosen, before the scroll (closes the menus). */
  onNavigate: () => void;
  onEscape: () => void;
}

export function SiteNav({ id, open, isAuthenticated, onNavigate, onEscape }: SiteNavProps) {
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
                  <span className="site-nav__lock" data-locked={!isAuthenticated}>
                    <LockIcon open={isAuthenticated} />
                    <span className="visually-hidden">
                      {isAuthenticated ? '(entsperrt)' : '(gesperrt)'}
                    </span>
                  </span>
                </>
              )}
            </SectionLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
