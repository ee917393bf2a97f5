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
      '<html data-start-after-paint="/assets/index-A1.js | /assets/start-app-B2.js" lang="de">',
    );
    expect(page).not.toContain('<script');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/style-C3.css">');
  });

  it("puts a page's own script before the entry and its chunks among the preloads", () => {
    const page = deferAppEntry(SHELL, {
      before: ['/assets/protected-early-D4.js'],
      preloads: ['/assets/protected-page-E5.js'],
    });
    expect(page).toContain(
      'data-start-after-paint="/assets/protected-early-D4.js /assets/index-A1.js | /assets/start-app-B2.js /assets/protected-page-E5.js"',
    );
    expect(page).not.toContain('<script');
  });

  it('refuses a page without an entry script, rather than build a page that never starts', () => {
    expect(() => deferAppEntry('<html lang="de"><head></head></html>')).toThrow(/Modul-Skript/);
  });
});

describe('the pre-paint script on a prerendered page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener: () => undefined }));
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
    for (const name of ['data-start-after-paint', 'data-access-link'])
      document.documentElement.removeAttribute(name);
    history.replaceState(null, '', '/');
  });

  const added = () =>
    [...document.head.children].map(
      (element) =>
        `${element.localName} ${element.getAttribute('type') ?? element.getAttribute('rel')} ${element.getAttribute('src') ?? element.getAttribute('href')}`,
    );

  it('adds the scripts, then their preloads, once the largest paint is reported', () => {
    document.documentElement.setAttribute(
      'data-start-after-paint',
      '/a/early.js /a/entry.js | /a/app.js /a/page.js',
    );
    new Function(prePaintScript())();
    expect(added()).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(1);
    expect(added()).toEqual([
      'script module /a/early.js',
      'script module /a/entry.js',
      'link modulepreload /a/app.js',
      'link modulepreload /a/page.js',
    ]);
  });

  it("marks an access link's address before the first paint, and no other", () => {
    history.replaceState(null, '', '/protected#zugang=ABCD-EFGH');
    new Function(prePaintScript())();
    expect(document.documentElement.dataset.accessLink).toBe('');
    document.documentElement.removeAttribute('data-access-link');
    history.replaceState(null, '', '/#projects');
    new Function(prePaintScript())();
    expect(document.documentElement.dataset.accessLink).toBeUndefined();
  });

  it('adds nothing on the SPA shell, whose <head> loads the entry itself', () => {
    new Function(prePaintScript())();
    vi.advanceTimersByTime(5000);
    expect(added()).toEqual([]);
  });
});
