import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { stopRecordingEarlyTaps } from './hydration/early-taps';
import { onIdle } from './hydration/when-idle';
import { allProjectsRoute } from './pages/all-projects/all-projects-route';

const app = (prerendered: boolean) => (
  <StrictMode>
    <BrowserRouter>
      <App prerendered={prerendered} />
    </BrowserRouter>
  </StrictMode>
);

/** Hydrates a prerendered page (/, /all-projects), renders the empty SPA shell from scratch. */
export async function startApp(root: HTMLElement): Promise<void> {
  if (root.hasChildNodes()) {
    // Its chunk first, so the page hydrates in one pass and React keeps the <title> in <head>.
    if (location.pathname === '/all-projects') await allProjectsRoute.preload();
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread (and a visitor's first tap) for the whole page.
    stopRecordingEarlyTaps();
    startTransition(() => void hydrateRoot(root, app(true)));
  } else {
    createRoot(root).render(app(false));
  }
  // The project page's chunk waits until the start page is idle (or a link to it is hovered).
  onIdle(() => void allProjectsRoute.preload());
}
