import { preloadableLazy } from './hydration/preloadable-lazy';

/** The owner's page: prerendered signed out, its chunk preloaded before that frame hydrates. */
export const ownerRoute = preloadableLazy(() => import('./pages/owner/owner-page'));
