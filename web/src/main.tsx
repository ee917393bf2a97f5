// Base styles first, so component styles loaded after them win at equal specificity.
import './styles/base.css';
import './styles/controls.css';
import './styles/layout.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app';
import { allProjectsRoute } from './pages/all-projects/all-projects-route';

const root = document.getElementById('root');
if (!root) throw new Error('Element #root fehlt in index.html');

const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);

// Prerendered pages (/, /all-projects) arrive with markup to hydrate; the SPA shell is empty.
if (root.hasChildNodes()) {
  // Its chunk first, so the page hydrates in one pass and React keeps the <title> in <head>.
  if (location.pathname === '/all-projects') await allProjectsRoute.preload();
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
// The project page's chunk waits until the start page is idle (or a link to it is hovered).
const whenIdle =
  window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 2000));
whenIdle(() => void allProjectsRoute.preload());
