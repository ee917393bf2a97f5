import { preloadableLazy } from './hydration/preloadable-lazy';

/** Preloaded before its prerendered frame hydrates, so it hydrates in one pass. */
export const protectedRoute = preloadableLazy(() => import('./pages/protected/protected-page'));
