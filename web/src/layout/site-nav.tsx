import type { KeyboardEvent } from 'react';
import type { SectionId } from '../constants';
import { LockIcon } from './icons';
import { NAV_ITEMS } from './nav-items';

interface SiteNavProps {
  id: string;
  open: boolean;
  isAuthenticated: boolean;
  onNavigate: (id: SectionId) => void;
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
            <a
              className="site-nav__link"
              href={`/#${item.id}`}
              onClick={(event) => {
                event.preventDefault();
                onNavigate(item.id);
              }}
            >
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
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
