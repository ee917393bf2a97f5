import { useCallback, useState } from 'react';

interface Menus {
  menuOpen: boolean;
  loginOpen: boolean;
}

const closed: Menus = { menuOpen: false, loginOpen: false };

/** The burger menu and the login panel: opening one closes the other. */
export function useHeaderMenus() {
  const [menus, setMenus] = useState<Menus>(closed);

  const toggleMenu = useCallback(
    () => setMenus(({ menuOpen }) => ({ menuOpen: !menuOpen, loginOpen: false })),
    [],
  );
  const toggleLogin = useCallback(
    () => setMenus(({ loginOpen }) => ({ menuOpen: false, loginOpen: !loginOpen })),
    [],
  );
  const closeMenu = useCallback(() => setMenus((current) => ({ ...current, menuOpen: false })), []);
  const closeLogin = useCallback(
    () => setMenus((current) => ({ ...current, loginOpen: false })),
    [],
  );
  const closeAll = useCallback(() => setMenus(closed), []);

  return { ...menus, toggleMenu, toggleLogin, closeMenu, closeLogin, closeAll };
}
