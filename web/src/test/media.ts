import { vi } from 'vitest';
import { NARROW_QUERY, SMALL_QUERY } from '../constants';
import { REDUCED_MOTION_QUERY } from '../hooks/media-query';

interface MediaState {
  narrow?: boolean;
  small?: boolean;
  reducedMotion?: boolean;
}

/** jsdom has no matchMedia; this answers the app's queries from a fixed screen state. */
export function setMedia({ narrow = false, small = false, reducedMotion = false }: MediaState) {
  const answers: Record<string, boolean> = {
    [NARROW_QUERY]: narrow || small,
    [SMALL_QUERY]: small,
    [REDUCED_MOTION_QUERY]: reducedMotion,
  };
  vi.stubGlobal('matchMedia', (query: string): Partial<MediaQueryList> => ({
    matches: answers[query] ?? false,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}
