// The test function of every test file: the stack's facts, the request/console
// guard (automatic for every test) and small login helpers.
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { watchContext, type PageGuard } from './page-guard';
import { readStackInfo, type StackInfo } from './stack-info';

interface TestFixtures {
  guard: PageGuard;
  /** A valid token from POST /api/auth/login through nginx. */
  token: string;
}

interface WorkerFixtures {
  stack: StackInfo;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => use(readStackInfo()),
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, use) => use(stack.baseUrl),
  guard: [
    async ({ context, baseURL }, use) => {
      const guard = watchContext(context, new URL(baseURL ?? '').origin);
      await use(guard);
      expect(guard.problems(), 'only same-origin requests, no console error, no failure').toEqual(
        [],
      );
    },
    { auto: true },
  ],
  token: async ({ request, stack }, use) => use(await requestToken(request, stack)),
  page: async ({ page }, use) => {
    // A prerendered page shows before its app has loaded, and its app hydrates once a visitor
    // is there: as a visitor who is there and waits, every test starts on the running app.
    const thenWaitForApp =
      <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
      async (...args: A) => {
        const response = await navigate(...args);
        await startApp(page);
        return response;
      };
    page.goto = thenWaitForApp(page.goto.bind(page));
    page.reload = thenWaitForApp(page.reload.bind(page));
    await use(page);
  },
});

export { expect };

/**
 * A sign of a visitor (web/src/hydration/visitor-presence.ts), then the wait for the app to run.
 * A synthetic one: real mouse moves, keys and taps would change the page's hover and focus
 * states, which tests check; tests of the presence itself use real input.
 */
export async function startApp(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('pointermove')));
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

export async function requestToken(request: APIRequestContext, stack: StackInfo): Promise<string> {
  const response = await request.post(`${stack.baseUrl}/api/auth/login`, {
    data: { username: stack.username, password: stack.password },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { success: boolean; token: string };
  expect(body.success).toBe(true);
  return body.token;
}

/**
 * Opens `path` with a session in local storage, as a login leaves it. The
 * values are written before the first page runs, once per tab, so a later
 * logout in the test stays a logout.
 */
export async function openWithSession(page: Page, token: string, path: string): Promise<void> {
  await page.addInitScript((value) => {
    if (sessionStorage.getItem('e2e-session-seeded')) return;
    sessionStorage.setItem('e2e-session-seeded', 'true');
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', value);
  }, token);
  await page.goto(path);
}

export async function storedSession(page: Page) {
  return page.evaluate(() => ({
    isAuthenticated: localStorage.getItem('isAuthenticated'),
    token: localStorage.getItem('token'),
  }));
}
