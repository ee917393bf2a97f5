// Watches everything a browser context does during one test: every request
// must stay on the site's origin, and no console error, uncaught error,
// failed request or error answer may occur unless the test announced it
// (a wrong password answers 401 on purpose, for example).
import type { BrowserContext, Page, Request } from '@playwright/test';

export interface PageGuard {
  /** Allows console errors, failed requests and error answers whose text or URL match. */
  allow(pattern: RegExp): void;
  /** Every URL the context requested, in order. */
  readonly requests: readonly string[];
  /** What went wrong so far; empty when all is well. */
  problems(): string[];
}

// data: and about: addresses never reach the network; chrome: and
// chrome-extension: ones are the browser's own PDF viewer loading its parts.
const LOCAL_SCHEMES = new Set(['data:', 'about:', 'chrome:', 'chrome-extension:']);

function isBrowserLocal(url: string): boolean {
  return LOCAL_SCHEMES.has(new URL(url).protocol);
}

function leavesOrigin(url: string, origin: string): boolean {
  return !isBrowserLocal(url) && new URL(url).origin !== origin;
}

export function watchContext(context: BrowserContext, origin: string): PageGuard {
  const allowed: RegExp[] = [];
  const requests: string[] = [];
  const found: string[] = [];
  const isAllowed = (problem: string) => allowed.some((pattern) => pattern.test(problem));
  const report = (problem: string) => {
    if (!isAllowed(problem)) found.push(problem);
  };

  // Leaving a page (a link, a reload) cancels what it was still loading, for a visitor too: a
  // request that fails as ERR_ABORTED and is followed by a navigation is no failure of the site.
  let navigations = 0;
  const navigationsAtStart = new WeakMap<Request, number>();
  const aborted: { request: Request; problem: string }[] = [];
  const countNavigations = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
  context.pages().forEach(countNavigations);
  context.on('page', countNavigations);

  context.on('request', (request) => {
    requests.push(request.url());
    navigationsAtStart.set(request, navigations);
    if (leavesOrigin(request.url(), origin))
      found.push(`request leaves ${origin}: ${request.url()}`);
  });
  context.on('requestfailed', (request) => {
    if (isBrowserLocal(request.url())) return;
    const error = request.failure()?.errorText ?? 'unknown';
    const problem = `failed request: ${request.url()} (${error})`;
    if (error === 'net::ERR_ABORTED') aborted.push({ request, problem });
    else report(problem);
  });
  const abortedWithoutLeaving = () =>
    aborted
      .filter(({ request }) => navigationsAtStart.get(request) === navigations)
      .map(({ problem }) => problem)
      .filter((problem) => !isAllowed(problem));
  context.on('response', (response) => {
    if (response.status() >= 400) report(`answer ${response.status()}: ${response.url()}`);
  });
  context.on('console', (message) => {
    if (message.type() === 'error') {
      report(`console error: ${message.text()} (${message.location().url})`);
    }
  });
  context.on('weberror', (error) => found.push(`uncaught error: ${error.error().message}`));

  return {
    allow: (pattern) => allowed.push(pattern),
    requests,
    problems: () => [...found, ...abortedWithoutLeaving()],
  };
}

/** The pattern that allows one expected error answer (and Chromium's console line about it). */
export function expectedAnswer(status: number, path: string): RegExp {
  const url = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(answer ${status}: \\S*${url}$)|(status of ${status} .*\\(\\S*${url}\\)$)`);
}

/** The pattern that allows one expected network failure of `path` (and its console line). */
export function expectedNetworkFailure(path: string): RegExp {
  const url = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(failed request: \\S*${url} \\()|(net::ERR_\\w+ \\(\\S*${url}\\)$)`);
}
