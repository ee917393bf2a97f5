import { useEffect } from 'react';
import { replayEarlyTap } from './early-taps';
import { useHydrated } from './use-hydrated';

/**
 * Once the frame (header with navigation, theme and login) has hydrated: marks
 * <html data-interactive>, the signal the browser tests wait for, and taps the control a
 * visitor tapped before the app arrived. Every other part hydrates at the latest when touched.
 */
export function InteractiveMark() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.dataset.interactive = '';
    replayEarlyTap();
  }, [hydrated]);
  return null;
}
