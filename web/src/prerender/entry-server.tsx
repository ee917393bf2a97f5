import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '../app';
import { site } from '../content/de/site';
import { owner } from '../content/owner';
import type { Language } from '../i18n/languages';
import { loadEnglish } from '../i18n/translation';

export { owner };
export { DEFAULT_LANGUAGE, LANGUAGES, localePath } from '../i18n/languages';

/** The note the shell around a language's pages shows when scripts are off. */
export async function noscriptOf(language: Language): Promise<string> {
  return (language === 'de' ? site : (await loadEnglish()).site).meta.noscript;
}

/**
 * The title of the client-rendered shell (spa.html): a document needs one, and it names the
 * site until the app starts and the page sets its own (start-app.tsx).
 */
export const shellTitle = renderToStaticMarkup(<title>{owner.name}</title>);

export { deferAppEntry } from '../hydration/deferred-entry';

/**
 * Rendered before the app and nowhere else: React puts the page's head tags (title,
 * description, image preloads) in front of all markup, so everything before this marker
 * belongs in <head> and everything after it in #root. The build cuts here and drops it.
 */
export const HEAD_END_MARKER = '<template data-prerender-head-end=""></template>';

function routeElement(url: string) {
  return (
    <>
      <template data-prerender-head-end="" />
      <StrictMode>
        <StaticRouter location={url}>
          <App />
        </StaticRouter>
      </StrictMode>
    </>
  );
}

/**
 * Renders one route to HTML for the build. The first pass (`prerender`) waits for the lazy
 * route chunks; the second renders with them loaded, so the HTML holds the page's text and no
 * inline script to reveal a streamed boundary, which the Content-Security-Policy would block.
 */
export async function renderRoute(url: string): Promise<string> {
  await prerender(routeElement(url));
  const html = renderToString(routeElement(url));
  // A part that threw leaves React's mark for the browser to render it there instead: the page
  // would paint its fallback first, so the build stops (React logged the error above).
  if (html.includes(CLIENT_RENDERED))
    throw new Error(`${url}: ein Teil liess sich nicht vorrendern`);
  return html;
}

const CLIENT_RENDERED = '<!--$!-->';
