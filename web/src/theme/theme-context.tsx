import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

export type Theme = 'modern' | 'classic';
export const DEFAULT_THEME: Theme = 'modern';

interface ThemeState {
  theme: Theme;
  /** How often the visitor switched; the overlay animates on each change. */
  switches: number;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeState | null>(null);

/** The theme lives in memory only: every visit starts modern. */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState({ theme: DEFAULT_THEME, switches: 0 });
  const toggleTheme = useCallback(
    () =>
      setState(({ theme, switches }) => ({
        theme: theme === 'modern' ? 'classic' : 'modern',
        switches: switches + 1,
      })),
    [],
  );

  // Before paint, so the page never shows one theme's colours under the other's class.
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = state.theme;
  }, [state.theme]);

  const value = useMemo(() => ({ ...state, toggleTheme }), [state, toggleTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

export function useTheme(): ThemeState {
  const state = useContext(ThemeContext);
  if (!state) throw new Error('useTheme braucht einen ThemeProvider');
  return state;
}
