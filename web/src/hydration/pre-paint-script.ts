import {
  ACCESS_LINK_PREFIX,
  NARROW_QUERY,
  SMALL_QUERY,
  STORAGE_KEY_AUTHENTICATED,
} from '../constants';
import { prefersEnglish } from '../i18n/prefers-english';
import { deferredEntryLoader } from './deferred-entry';
import { earlyTapRecorder } from './early-taps';

/**
 * The pre-paint script, inline in <head> before the first paint (the CSP allows it by its hash,
 * see web/vite.config.ts). It marks on <html> what only the browser knows, so CSS lays out the
 * prerendered page for this visitor in the first painted frame: the stored session, the viewport
 * class and an access link in the address (the documents page's frame shows its top to the
 * link's holder, protected-page.css) and a browser that prefers English (the German start page's
 * offer of English, english-suggestion.tsx); it remembers an early tap (early-taps.ts); and on a
 * prerendered page it starts the app after the largest paint (deferred-entry.ts). Built from the
 * app's constants, their one source.
 */
export function prePaintScript(): string {
  const key = JSON.stringify(STORAGE_KEY_AUTHENTICATED);
  const small = JSON.stringify(SMALL_QUERY);
  const narrow = JSON.stringify(NARROW_QUERY);
  const link = JSON.stringify(ACCESS_LINK_PREFIX);
  return `(function () {
  var root = document.documentElement;
  try {
    if (localStorage.getItem(${key}) === 'true') root.dataset.session = 'in';
  } catch (error) {}
  if (location.hash.indexOf(${link}) === 0) root.dataset.accessLink = '';
  root.dataset.viewport = matchMedia(${small}).matches ? 'small' : matchMedia(${narrow}).matches ? 'narrow' : 'wide';
  if ((${prefersEnglish.toString()})(navigator.languages)) root.dataset.prefersEnglish = '';
  ${earlyTapRecorder()}
  ${deferredEntryLoader()}
})();
`;
}
