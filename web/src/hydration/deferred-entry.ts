// A prerendered page is whole without JavaScript, so it requests none before its largest paint:
// a script requested earlier shares the phone's slow line with the portrait, and Lighthouse
// counts it as holding the paint up. The build moves the page's module scripts (and the
// modulepreloads of their imports) out of <head> into one attribute on <html>; the inline
// pre-paint script adds them back once the largest paint is reported. The SPA shell keeps its
// script tag: it has nothing to paint first.
import { afterLargestPaint, MAX_WAIT_MS } from './after-largest-paint';

/** The attribute on <html> that lists the scripts to run, then `|`, then the modules to preload. */
const ATTRIBUTE = 'data-start-after-paint';
const PRELOADS_NEXT = '|';

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/** What one page loads beyond the shell: scripts to run before its entry, modules to preload. */
export interface PageModules {
  before: string[];
  preloads: string[];
}

/**
 * The build's step for a prerendered page: its entry script and the entry's preloads leave
 * <head> for the attribute, with the page's own modules (the documents page's early script
 * before the entry, its chunks among the preloads).
 */
export function deferAppEntry(
  page: string,
  own: PageModules = { before: [], preloads: [] },
): string {
  const entries = [...page.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  if (entries.length === 0) throw new Error('Kein Modul-Skript im <head> der Seite');
  const scripts = [...own.before, ...entries];
  const preloads = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]).concat(own.preloads);
  const urls = [...scripts, PRELOADS_NEXT, ...preloads].join(' ');
  return page
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('<html ', () => `<html ${ATTRIBUTE}="${urls}" `);
}

/** The part of the pre-paint script that starts the app after the largest paint (`root` is <html>). */
export function deferredEntryLoader(): string {
  return `var deferred = root.getAttribute('${ATTRIBUTE}');
  if (deferred) (${afterLargestPaint.toString()})(function () {
    var tag = 'script';
    deferred.split(' ').forEach(function (url) {
      if (url === '${PRELOADS_NEXT}') return (tag = 'link');
      var element = document.createElement(tag);
      if (tag === 'script') element.type = 'module', element.src = url;
      else element.rel = 'modulepreload', element.href = url;
      document.head.appendChild(element);
    });
  }, ${MAX_WAIT_MS});`;
}
