import { useSyncExternalStore } from 'react';
import { NARROW_QUERY, SMALL_QUERY } from '../constants';
import { useHydrated } from '../hydration/use-hydrated';

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function matches(query: string): boolean {
  return typeof matchMedia === 'function' && matchMedia(query).matches;
}

/**
 * False in the prerendered HTML, which is built for no screen (CSS picks the layout until
 * hydration is done), and while it hydrates; the screen's answer after that.
 */
export function useMediaQuery(query: string): boolean {
  const hydrated = useHydrated();
  const snapshot = () => matches(query);
  const screenMatches = useSyncExternalStore(
    (onChange) => {
      if (typeof matchMedia !== 'function') return () => undefined;
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    snapshot,
    // The same answer while hydrating: a different one would force a synchronous re-render.
    snapshot,
  );
  return hydrated && screenMatches;
}

export type Viewport = 'small' | 'narrow' | 'wide';

/** The two breakpoints (360 and 768 px) as one value; CSS reads it from `data-viewport`. */
export function useViewport(): Viewport {
  const small = useMediaQuery(SMALL_QUERY);
  const narrow = useMediaQuery(NARROW_QUERY);
  if (small) return 'small';
  return narrow ? 'narrow' : 'wide';
}
