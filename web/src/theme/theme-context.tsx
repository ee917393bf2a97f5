import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { createStore, useStore, type Store } from '../hooks/use-store';

export type Theme = 'modern' | 'classic';
export const DEFAULT_THEME: Theme = 'modern';

interface ThemeValue {
  theme: Theme;
  /** How often the visitor switched; the overlay animates on each change. */
  switches: number;
}

interface ThemeState extends ThemeValue {
  toggleTheme: () => void;
}

const ThemeContext = createContext<Store<ThemeValue> | null>(null);

const toggled = ({ theme, switches }: ThemeValue): ThemeValue => ({
  theme: theme === 'modern' ? 'classic' : 'modern',
  switches: switches + 1,
});

/** The theme lives in memory only: every visit starts modern. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => createStore<ThemeValue>({ theme: DEFAULT_THEME, switches: 0 }));
  const { theme } = useStore(store);

  // Before paint, so the page never shows one theme's colours under the other's class.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  return <ThemeContext value={store}>{children}</ThemeContext>;
}

function useThemeStore(): Store<ThemeValue> {
  const store = useContext(ThemeContext);
  if (!store) throw new Error('useTheme braucht einen ThemeProvider');
  return store;
}

export function useTheme(): ThemeState {
  const store = useThemeStore();
  return { ...useStore(store), toggleTheme: () => store.set(toggled) };
}
