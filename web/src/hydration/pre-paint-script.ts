import { STORAGE_KEY_AUTHENTICATED } from '../constants';
import { NARROW_QUERY, SMALL_QUERY } from '../hooks/use-media-query';
import { earlyTapRecorder } from './early-taps';

/**
 * The body of /pre-paint.js, a render-blocking same-origin script in <head> (the CSP allows no
 * inline script). It marks on <html> what only the browser knows, so CSS lays out the
 * prerendered page for this visitor in the first painted frame: the stored session and the
 * viewport class. Built from the app's constants, their one source.
 */
export function prePaintScript(): string {
  const key = JSON.stringify(STORAGE_KEY_AUTHENTICATED);
  const small = JSON.stringify(SMALL_QUERY);
  const narrow = JSON.stringify(NARROW_QUERY);
  return `(function () {
  var root = document.documentElement;
  try {
    if (localStorage.getItem(${key}) === 'true') root.dataset.session = 'in';
  } catch (error) {}
  root.dataset.viewport = matchMedia(${small}).matches ? 'small' : matchMedia(${narrow}).matches ? 'narrow' : 'wide';
  ${earlyTapRecorder()}
})();
`;
}
