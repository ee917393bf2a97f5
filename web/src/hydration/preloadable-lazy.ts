import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

export interface PreloadableLazy<P> {
  Component: ComponentType<P>;
  /** Fetches the chunk; once it has arrived, the component renders without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy whose chunk can be fetched ahead (on hover, when idle, before hydration). A chunk
 * that has arrived is handed over through a thenable that resolves at once, so a prerendered
 * route hydrates in one pass instead of behind a suspended boundary.
 */
export function preloadableLazy<P>(load: () => Promise<Module<P>>): PreloadableLazy<P> {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = module)));
  const Component = lazy(() => {
    if (!loaded) return preload();
    const module = loaded;
    // Synchronous `then`: React reads the module in the same render.
    return { then: (resolve: (value: Module<P>) => void) => resolve(module) } as Promise<Module<P>>;
  });
  return { Component: Component as unknown as ComponentType<P>, preload };
}
