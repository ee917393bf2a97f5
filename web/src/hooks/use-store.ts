import { useSyncExternalStore } from 'react';

/**
 * State shared through a context whose value never changes: only the components that read it
 * re-render when it changes. A context whose value changes reaches every part of a prerendered
 * page that is still waiting to hydrate, and React would hydrate them all at once or throw
 * their HTML away (docs/architecture.md#a-page-from-first-paint-to-interactive).
 */
export interface Store<T> {
  get: () => T;
  /** The value it started with, which the page's HTML shows: what a part hydrates with. */
  first: () => T;
  set: (update: (value: T) => T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    first: () => initial,
    set(update) {
      value = update(value);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The store's value; the component re-renders when it changes. A part that hydrates after a
 * change renders the first value to match its HTML, then the current one.
 */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.first);
}
