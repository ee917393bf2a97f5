import { useRef } from 'react';
import { useSession } from '../auth/session-context';
import { SessionVariant } from '../auth/session-variant';
import { useLogout } from '../auth/use-logout';
import { owner } from '../content/owner';
import { useSiteTexts } from '../i18n/use-site-texts';
import { earlyTap } from '../hydration/early-taps';
import { useTheme } from '../theme/theme-context';
import { HeaderLoginPanel } from './header-login-panel';
import { MenuIcon, ThemeIcon } from './icons';
import { SectionLink } from './section-link';
import { SiteNav } from './site-nav';
import { useHeaderMenus } from './use-header-menus';
import './site-header.css';

const NAV_ID = 'site-nav';
const LOGIN_PANEL_ID = 'header-login';

export function SiteHeader() {
  const { isAuthenticated } = useSession();
  const logout = useLogout();
  const { theme, toggleTheme } = useTheme();
  const menus = useHeaderMenus();
  const burgerRef = useRef<HTMLButtonElement>(null);
  const { header } = useSiteTexts();

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <SectionLink
          className="brand"
          section="home"
          // The name starts with the visible words so speech control finds the link. The space
          // between the spans (flex layout does not render it) keeps initials and name apart in
          // the visible text, which the name must contain (WCAG 2.5.3).
          aria-label={`${owner.initials} ${owner.name}, ${header.home}`}
          onNavigate={menus.closeAll}
        >
          <span className="brand__mark">{owner.initials}</span>{' '}
          <span className="brand__name">{owner.name}</span>
        </SectionLink>

        <SiteNav
          id={NAV_ID}
          open={menus.menuOpen}
          onNavigate={menus.closeAll}
          onEscape={() => {
            menus.closeMenu();
            burgerRef.current?.focus();
          }}
        />

        <div className="site-header__actions">
          <button
            type="button"
            className="button button--ghost theme-toggle"
            title={header.themeTitle}
            onClick={toggleTheme}
            {...earlyTap('theme')}
          >
            <ThemeIcon />
            {theme === 'modern' ? header.classic : header.modern}
          </button>
          <SessionVariant
            loggedIn={
              <button
                type="button"
                className="button button--primary"
                onClick={logout}
                {...earlyTap('logout')}
              >
                Logout
              </button>
            }
            loggedOut={
              <button
                type="button"
                className="button button--primary"
                aria-expanded={menus.loginOpen}
                // The panel exists only while open, and a reference must name an element.
                aria-controls={menus.loginOpen ? LOGIN_PANEL_ID : undefined}
                onClick={menus.toggleLogin}
                {...earlyTap('login')}
              >
                Login
              </button>
            }
          />
          <button
            ref={burgerRef}
            type="button"
            className="button button--ghost burger"
            aria-label={menus.menuOpen ? header.closeMenu : header.openMenu}
            aria-expanded={menus.menuOpen}
            aria-controls={NAV_ID}
            onClick={menus.toggleMenu}
            {...earlyTap('menu')}
          >
            <MenuIcon open={menus.menuOpen} />
          </button>
        </div>
      </div>
      {menus.loginOpen && !isAuthenticated && (
        <HeaderLoginPanel id={LOGIN_PANEL_ID} onClose={menus.closeLogin} />
      )}
    </header>
  );
}
