// Personal access links (docs/product.md#personal-access-links): the link
// logs in, its code leaves the address bar and the history at once, the
// session survives a reload, and a revoked link shows a German message and
// the gate.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { accessCommand, addAccess } from '../support/access';
import { expectAccessibleValidHtml } from '../support/page-checks';
import { expect, startApp, storedSession, test } from '../support/fixtures';
import { holdRequests } from '../support/held-requests';
import { expectedAnswer } from '../support/page-guard';
import type { StackInfo } from '../support/stack-info';

const REFUSED = 'Dieser Zugangslink ist ungültig, abgelaufen oder wurde widerrufen.';

// Both workers share the stack's store: every test its own recipient.
const recipient = () => `Muster AG ${randomUUID().slice(0, 8)}`;

/** A new recipient's link, and a new page of `context` to open it in. */
async function newLink(context: BrowserContext, stack: StackInfo) {
  const name = recipient();
  const { link, code } = await addAccess(stack, name);
  return { name, link, code, page: await context.newPage() };
}

/** The page's API calls, as `METHOD /path`, in order. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

async function expectDocumentsFor(page: Page, name: string) {
  await expect(
    page.getByRole('heading', { level: 1, name: `Bewerbung für ${name}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }),
  ).toBeVisible();
}

test('the link logs in, leaves no code in the address or the history, and survives a reload', async ({
  context,
  stack,
}) => {
  const { name, link, code, page } = await newLink(context, stack);
  expect(link).toBe(`${stack.baseUrl}/protected#zugang=${code}`);

  // Raw navigation, as a recipient's click on the link in a mail.
  await page.goto(link);
  await expectDocumentsFor(page, name);
  expect(page.url()).toBe(`${stack.baseUrl}/protected`);
  expect(await page.evaluate(() => location.hash)).toBe('');
  const session = await storedSession(page);
  expect(session.isAuthenticated).toBe('true');
  expect(JSON.stringify(session)).not.toContain(code);

  // The entry the link made was replaced: going back from another page finds no code.
  await page.goto(`${stack.baseUrl}/all-projects`);
  // Once its app runs: the router's first replaceState could cancel a Back still under way.
  await startApp(page);
  await page.goBack();
  expect(page.url()).toBe(`${stack.baseUrl}/protected`);
  await expectDocumentsFor(page, name);

  await page.reload();
  await expectDocumentsFor(page, name);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();

  const log = JSON.parse(await accessCommand(stack, 'log', '--json', '--name', name)) as Array<{
    action: string;
  }>;
  expect(log.map((entry) => entry.action)).toContain('link');
  expect(log.filter((entry) => entry.action === 'list').length).toBeGreaterThanOrEqual(2);
});

test('a revoked link shows the German message and the gate; the open session ends', async ({
  context,
  stack,
  guard,
}) => {
  guard.allow(expectedAnswer(401, '/api/auth/access'));
  guard.allow(expectedAnswer(401, '/api/documents'));
  const name = recipient();
  const { link } = await addAccess(stack, name);
  const open = await context.newPage();
  await open.goto(link);
  await expectDocumentsFor(open, name);

  expect(await accessCommand(stack, 'revoke', name)).toContain('widerrufen');

  const again = await context.newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toHaveText(REFUSED);
  await expect(again.getByRole('heading', { level: 1, name: 'Geschützter Bereich' })).toBeVisible();
  await expect(again.getByPlaceholder('Benutzername')).toBeVisible();
  expect(again.url()).toBe(`${stack.baseUrl}/protected`);

  // The tab opened before: its token is refused on the next request, and the gate shows.
  await open.reload();
  await expect(open.getByRole('heading', { level: 1, name: 'Geschützter Bereich' })).toBeVisible();
  expect(await storedSession(open)).toEqual({ isAuthenticated: null, token: null });
});

test('the documents page greeting the company has no axe violations, the privacy text open too', async ({
  context,
  stack,
}) => {
  const { name, link, page } = await newLink(context, stack);
  await page.goto(link);
  await expectDocumentsFor(page, name);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await expectAccessibleValidHtml(page, '/protected through an access link');
  await page.getByRole('main').getByRole('button', { name: 'Datenschutz' }).click();
  await expect(page.getByRole('dialog', { name: 'Datenschutzerklärung' })).toContainText(
    'eigens für eine Firma hochlade',
  );
  await expectAccessibleValidHtml(page, 'its privacy text');
});

test('a link holder never sees the gate: the greeting and the list come with the app, each call made once', async ({
  context,
  stack,
}) => {
  const { name, link, page } = await newLink(context, stack);
  await page.addInitScript(() => {
    const seen = { gate: false };
    Object.assign(window, { seen });
    new MutationObserver(() => {
      if (document.querySelector('.gate, input[placeholder="Benutzername"]')) seen.gate = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const calls = recordApiCalls(page);
  await page.goto(link);
  await expectDocumentsFor(page, name);
  await expect(page.getByRole('heading', { level: 2, name: 'Bewerbung' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { seen: object }).seen)).toEqual({
    gate: false,
  });
  expect(calls).toEqual(['POST /api/auth/access', 'GET /api/documents']);
});

test('an early script arriving after the app (a slow line) makes no call, and leaves none unfinished', async ({
  context,
  stack,
}) => {
  const { name, link, page } = await newLink(context, stack);
  const early = await holdRequests(page, /\/assets\/protected-early-/);
  // A module script's load event comes once it has run.
  await page.addInitScript(() =>
    document.addEventListener(
      'load',
      ({ target }) => {
        if (target instanceof HTMLScriptElement && target.src.includes('/protected-early-'))
          Object.assign(window, { earlyRan: true });
      },
      true,
    ),
  );
  const calls = recordApiCalls(page);
  await page.goto(link);
  await expectDocumentsFor(page, name);
  // The app did come first.
  expect(early.count()).toBe(1);
  expect(await page.evaluate(() => 'earlyRan' in window)).toBe(false);
  early.release();
  await page.waitForFunction(() => 'earlyRan' in window);
  // An answer no script reads would hold this forever.
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual(['POST /api/auth/access', 'GET /api/documents']);
});

test('before its app runs, the page shows the top of the documents page, neither gate nor list, and no code', async ({
  browser,
  stack,
  request,
}) => {
  const html = await (await request.get(`${stack.baseUrl}/protected`)).text();
  for (const text of [
    'Geschützter Bereich',
    'Benutzername',
    'Willkommen!',
    'Dokumente werden geladen',
  ])
    expect(html).not.toContain(text);

  const { link } = await addAccess(stack, recipient());
  const context = await browser.newContext();
  const page = await context.newPage();
  // Every script but the early one arrives empty: the app never runs.
  await page.route(
    (url) => /^\/assets\/.*\.js$/.test(url.pathname) && !url.pathname.includes('/protected-early-'),
    (route) => route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  const exchanged = page.waitForResponse('**/api/auth/access');
  await page.goto(link);
  expect((await exchanged).status()).toBe(200);
  await expect(
    page.getByText('Hier findest du meine Bewerbungsunterlagen zum Ansehen und Herunterladen.'),
  ).toBeVisible();
  await expect(page.getByText(/^Protokolliert werden das Öffnen dieses Links/)).toBeVisible();
  await expect(page.getByText('Geschützter Bereich')).toHaveCount(0);
  expect(page.url()).toBe(`${stack.baseUrl}/protected`);
  await context.close();
});

test('an invalid code shows the message above the gate, and leaves the address', async ({
  context,
  stack,
  guard,
}) => {
  guard.allow(expectedAnswer(401, '/api/auth/access'));
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}/protected#zugang=ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2-3456`);
  await expect(page.getByRole('alert')).toHaveText(REFUSED);
  await expect(page.getByRole('heading', { level: 1, name: 'Geschützter Bereich' })).toBeVisible();
  expect(page.url()).toBe(`${stack.baseUrl}/protected`);
  expect(await storedSession(page)).toEqual({ isAuthenticated: null, token: null });
});

test('the English link greets the company, with no axe violations', async ({ context, stack }) => {
  const { name, code, page } = await newLink(context, stack);
  await page.goto(`${stack.baseUrl}/en/protected#zugang=${code}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Application for ${name}` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Bewerbung' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download all documents (ZIP)' })).toBeVisible();
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  expect(page.url()).toBe(`${stack.baseUrl}/en/protected`);
  await expectAccessibleValidHtml(page, '/en/protected through an access link');
});
