import { useTheme } from '../theme/theme-context';

/**
 * Sits on top of the page and fades out on each theme switch, so the change of colours
 * and background reads as one soft transition instead of a flash.
 */
export function ThemeOverlay() {
  const { theme, switches } = useTheme();
  return (
    <div
      key={switches}
      className={switches > 0 ? 'theme-overlay theme-overlay--fade' : 'theme-overlay'}
      data-theme-overlay={theme}
      aria-hidden="true"
    />
  );
}
