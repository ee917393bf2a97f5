import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while the prerendered HTML is built and while the client hydrates it, true in every
 * render after that (and from the start in a client-only render). What the browser alone
 * knows (stored session, viewport) waits for true, so hydration always matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
