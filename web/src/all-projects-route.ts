import { preloadableLazy } from './hydration/preloadable-lazy';

/** Preloaded on hover or focus of its link and when the browser is idle, never at the start. */
export const allProjectsRoute = preloadableLazy(
  () => import('./pages/all-projects/all-projects-page'),
);
