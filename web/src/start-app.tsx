// Base styles first, so component styles imported after them win at equal specificity. Here and
// not in the entry: the one stylesheet follows the chunks' order, and this chunk precedes the
// entry that imports it.
import './styles/base.css';
import './styles/controls.css';
import './styles/layout.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { stopRecordingEarlyTaps } from './hydration/early-taps';
import { holdParts } from './hydration/part-schedule';
import { whenVisitorPresent } from './hydration/visitor-presence';
import { onIdle } from './hydration/when-idle';
import { allProjectsRoute } from './all-projects-route';
import { protectedRoute } from './protected-route';
import { ownerRoute } from './owner-route';
import { languageOfPath, pageOfPath } from './i18n/languages';
import { loadEnglish } from './i18n/translation';

/**
 * The prerendered pages whose every text and image is in their HTML: they hydrate once a visitor
 * is there (hydration/visitor-presence.ts). The documents page and the owner's page fetch what
 * they show and hydrate at once.
 */
const WHOLE_AS_HTML = new Set(['/', '/all-projects']);

/** The code-split pages that are prerendered, by their German address. */
const PRERENDERED_ROUTES = new Map([
  ['/all-projects', allProjectsRoute],
  ['/protected', protectedRoute],
  ['/verwaltung', ownerRoute],
]);

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

/** Hydrates a prerendered page (/, /all-projects, /protected in each language, /verwaltung), renders the SPA shell. */
export async function startApp(root: HTMLElement): Promise<void> {
  // An English page's texts first (a German one has them in this chunk), so it renders in one pass.
  const texts = languageOfPath(location.pathname) === 'en' ? loadEnglish() : null;
  if (root.hasChildNodes()) {
    // Its chunk first, so the page hydrates in one pass and React keeps the <title> in <head>.
    const page = PRERENDERED_ROUTES.get(pageOfPath(location.pathname))?.preload();
    await Promise.all([texts, page]);
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread (and a visitor's first tap) for the whole page; the frame
    // hydrates first, each part of the page in its own render later (hydration/part-schedule.ts).
    const hydrate = () => {
      stopRecordingEarlyTaps();
      holdParts();
      startTransition(() => void hydrateRoot(root, app));
    };
    if (WHOLE_AS_HTML.has(pageOfPath(location.pathname))) whenVisitorPresent(hydrate);
    else hydrate();
  } else {
    await texts;
    // The shell's title (spa.html) serves until the app runs and without scripts. React places
    // the page's own <title> beside it rather than taking it over when the page's chunk
    // arrives, so it goes first: a document has one title.
    document.querySelector('head > title')?.remove();
    createRoot(root).render(app);
  }
  // The project page's chunk waits until the start page is idle (or a link to it is hovered).
  onIdle(() => void allProjectsRoute.preload());
}
