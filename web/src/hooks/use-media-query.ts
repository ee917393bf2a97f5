import { useSyncExternalStore } from 'react';
import { NARROW_BREAKPOINT_PX, SMALL_BREAKPOINT_PX } from '../constants';

export const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX}px)`;
export const SMALL_QUERY = `(max-width: ${SMALL_BREAKPOINT_PX}px)`;
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export function matches(query: string): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matches(query),
    // The prerendered HTML is built for no screen; CSS picks the layout until hydration is done.
    () => false,
  );
}

export type Viewport = 'small' | 'narrow' | 'wide';

/** The spec's two breakpoints as one value; CSS reads it from `data-viewport`. */
export function useViewport(): Viewport {
  const small = useMediaQuery(SMALL_QUERY);
  const narrow = useMediaQuery(NARROW_QUERY);
  if (small) return 'small';
  return narrow ? 'narrow' : 'wide';
}
