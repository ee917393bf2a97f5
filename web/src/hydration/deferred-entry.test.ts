import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferAppEntry } from './deferred-entry';
import { prePaintScript } from './pre-paint-script';

const SHELL = `<!doctype html>
<html lang="de">
  <head>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/start-app-B2.js">
    <link rel="stylesheet" crossorigin href="/assets/style-C3.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('deferAppEntry', () => {
  it('moves the entry and its preloads from <head> to the attribute on <html>', () => {
    const page = deferAppEntry(SHELL);
    expect(page).toContain(
      '<html data-start-after-paint="/assets/index-A1.js /assets/start-app-B2.js" lang="de">',
    );
    expect(page).not.toContain('<script');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/style-C3.css">');
  });

  it('refuses a page without an entry script, rather than build a page that never starts', () => {
    expect(() => deferAppEntry('<html lang="de"><head></head></html>')).toThrow(/Modul-Skript/);
  });
});

describe('the pre-paint script on a prerendered page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    // A browser that reports no largest paints: the app starts at once.
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        static supportedEntryTypes: string[] = [];
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.replaceChildren();
    document.documentElement.removeAttribute('data-start-after-paint');
  });

  const added = () =>
    [...document.head.children].map(
      (element) =>
        `${element.localName} ${element.getAttribute('type') ?? element.getAttribute('rel')} ${element.getAttribute('src') ?? element.getAttribute('href')}`,
    );

  it('adds the entry script and its preloads once the largest paint is reported', () => {
    document.documentElement.setAttribute('data-start-after-paint', '/a/entry.js /a/app.js');
    new Function(prePaintScript())();
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(1);
    expect(added()).toEqual(['script module /a/entry.js', 'link modulepreload /a/app.js']);
  });

  it('adds nothing on the SPA shell, whose <head> loads the entry itself', () => {
    new Function(prePaintScript())();
    vi.advanceTimersByTime(5000);
    expect(added()).toEqual([]);
  });
});
