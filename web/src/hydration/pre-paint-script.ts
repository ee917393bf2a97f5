import {
  ACCESS_LINK_PREFIX,
  NARROW_QUERY,
  SMALL_QUERY,
  STORAGE_KEY_AUTHENTICATED,
} from '../constants';
import { prefersEnglish } from '../i18n/prefers-english';
import { deferredEntryLoader } from './deferred-entry';
import { earlyTapRecorder } from './early-taps';
import { visitorRecorder } from './visitor-presence';

/**
 * The pre-paint script, inline in <head> before the first paint (the CSP allows it by its hash,
 * see web/vite.config.ts). It marks on <html> what only the browser knows, so CSS lays out the
 * prerendered page for this visitor in the first painted frame: the stored session, the viewport
 * class (kept up to date as the window changes, whether or not the app runs) and an access link in the address (the documents page's frame shows its top to the
 * link's holder, protected-page.css) and a browser that prefers English (the German start page's
 * offer of English, english-suggestion.tsx); it remembers an early tap (early-taps.ts) and the
 * first sign of a visitor (visitor-presence.ts); and on a prerendered page it starts the app
 * after the largest paint (deferred-entry.ts). Built from the app's constants, their one source.
 */
export function prePaintScript(): string {
  const key = JSON.stringify(STORAGE_KEY_AUTHENTICATED);
  const smallQuery = JSON.stringify(SMALL_QUERY);
  const narrowQuery = JSON.stringify(NARROW_QUERY);
  const link = JSON.stringify(ACCESS_LINK_PREFIX);
  return `(function () {
  var root = document.documentElement;
  try {
    if (localStorage.getItem(${key}) === 'true') root.dataset.session = 'in';
  } catch (error) {}
  if (location.hash.indexOf(${link}) === 0) root.dataset.accessLink = '';
  var small = matchMedia(${smallQuery}), narrow = matchMedia(${narrowQuery});
  var markViewport = function () {
    root.dataset.viewport = small.matches ? 'small' : narrow.matches ? 'narrow' : 'wide';
  };
  markViewport();
  small.addEventListener('change', markViewport);
  narrow.addEventListener('change', markViewport);
  if ((${prefersEnglish.toString()})(navigator.languages)) root.dataset.prefersEnglish = '';
  ${earlyTapRecorder()}
  ${visitorRecorder()}
  ${deferredEntryLoader()}
})();
`;
}
