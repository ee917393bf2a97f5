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

/**
 * The build's step for a prerendered page: its module scripts (the entry, and on the documents
 * page its early script before it) and their preloads leave <head> for the attribute.
 */
export function deferAppEntry(page: string): string {
  const scripts = [...page.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  if (scripts.length === 0) throw new Error('Kein Modul-Skript im <head> der Seite');
  const preloads = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
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
