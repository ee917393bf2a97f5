import { useSyncExternalStore } from 'react';

const nothingToWatch = () => () => undefined;

/**
 * False in the prerendered HTML and while the client hydrates the component, true in every
 * later render (and from the start of a client-only render). What only the browser knows
 * (stored session, viewport) waits for true, so hydration always matches the HTML; React
 * re-renders the component with true right after its part of the page has hydrated. No context
 * carries it: a context's change would reach the parts still waiting to hydrate.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}
