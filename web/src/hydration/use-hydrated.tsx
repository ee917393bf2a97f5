import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from 'react';
import { replayEarlyTap } from './early-taps';

const HydratedContext = createContext(true);

interface HydrationProviderProps {
  /** The tree renders into prerendered HTML (the build's prerender and the hydrating client). */
  prerendered: boolean;
  children: ReactNode;
}

/**
 * Says whether hydration is over: false while the HTML is prerendered and while the client
 * hydrates it, true in every later render (and from the start of a client-only render). What
 * only the browser knows (stored session, viewport) waits for true, so hydration always
 * matches the HTML. The switch is a transition: the re-render it causes is time-sliced like
 * the hydration itself, not one long task that holds a visitor's first tap.
 */
export function HydrationProvider({ prerendered, children }: HydrationProviderProps) {
  const [hydrated, setHydrated] = useState(!prerendered);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
    else {
      // Until here a click on a button did nothing; browser tests wait for this mark.
      document.documentElement.dataset.interactive = '';
      replayEarlyTap();
    }
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
