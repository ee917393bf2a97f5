// The prerendered pages (/ and /all-projects, in German and English; the owner's page signed
// out): their HTML already holds the page's text, a stored session shows in the first painted
// frame (before any bundle script runs), and hydration leaves a working page without a console
// error (the guard checks that).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, startApp, test } from '../support/fixtures';
import { holdRequests } from '../support/held-requests';
import { burger, headerLoginButton } from '../support/site';

const HOME_TEXTS = '#home .hero__text, .marquee__group:not([data-copy]) h3';
const ALL_PROJECTS_TEXTS = 'h1, .project-card__title';
const PAGES = [
  { path: '/', texts: HOME_TEXTS },
  { path: '/all-projects', texts: ALL_PROJECTS_TEXTS },
  { path: '/en/', texts: HOME_TEXTS },
  { path: '/en/all-projects', texts: ALL_PROJECTS_TEXTS },
] as const;

async function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allInnerTexts();
}

/** A tab that never runs the app's bundle: what it shows came with the HTML. */
async function openWithoutBundle(browser: Browser, baseURL: string, path: string, session = false) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  if (session) {
    await page.addInitScript(() => {
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('token', 'stored-token');
    });
  }
  await page.route('**/assets/*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  await page.goto(path);
  return { page, close: () => context.close() };
}

for (const { path, texts } of PAGES) {
  test(`${path} arrives with its text, the same as after hydration`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto(path);
    const hydrated = await textsOf(page, texts);
    expect(hydrated.length).toBeGreaterThan(1);

    const bare = await openWithoutBundle(browser, baseURL ?? '', path);
    expect(await textsOf(bare.page, texts)).toEqual(hydrated);
    await expect(bare.page.locator('head > title')).toHaveCount(1);
    await expect(bare.page.locator('head > meta[name="description"]')).toHaveCount(1);
    await bare.close();
  });
}

test('a stored session shows Logout and the open lock before the bundle runs', async ({
  browser,
  baseURL,
}) => {
  const bare = await openWithoutBundle(browser, baseURL ?? '', '/', true);
  const banner = bare.page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Login' })).toBeHidden();
  await expect(bare.page.getByText('(entsperrt)')).toBeAttached();
  await expect(bare.page.getByText('(gesperrt)', { exact: true })).toBeHidden();
  await expect(
    bare.page.getByRole('link', { name: 'Passwortgeschützte Seite öffnen' }),
  ).toBeVisible();
  await bare.close();
});

test('without a session the prerendered page shows Login before the bundle runs', async ({
  browser,
  baseURL,
}) => {
  const bare = await openWithoutBundle(browser, baseURL ?? '', '/');
  await expect(headerLoginButton(bare.page)).toBeVisible();
  await expect(bare.page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeHidden();
  await bare.close();
});

test('/verwaltung arrives signed out, its button usable once the app runs', async ({
  page,
  browser,
  baseURL,
}) => {
  const signIn = { name: 'Mit Passkey anmelden' };
  const bare = await openWithoutBundle(browser, baseURL ?? '', '/verwaltung');
  await expect(bare.page.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeVisible();
  await expect(bare.page.getByRole('button', signIn)).toBeDisabled();
  await expect(bare.page).toHaveTitle(/^Verwaltung – /);
  await bare.close();

  await page.goto('/verwaltung');
  await expect(page.getByRole('button', signIn)).toBeEnabled();
  await expect(page.locator('head > title')).toHaveCount(1);
});

test('after hydration a stored session keeps Logout and one title', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'stored-token');
  });
  await page.goto('/all-projects');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toHaveCount(0);
  await expect(page.locator('head > title')).toHaveCount(1);
  await expect(page.locator('head > meta[name="description"]')).toHaveCount(1);
  await expect(page).toHaveTitle(/^Alle Projekte – /);
});

test('the theme toggles once the page is hydrated', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Klassisch' });
  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'classic');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Modern' })).toBeVisible();
});

test('the text behind "Mehr über mich" arrives at the first click, before the page is idle', async ({
  page,
}) => {
  // Its chunk held back, as on a slow line.
  const topics = await holdRequests(page, '**/assets/about-topics-*.js');
  await page.goto('/');
  const about = page.locator('#about');
  await about.getByRole('button', { name: 'Mehr über mich' }).click();
  await expect(about.getByText('Wird geladen...')).toBeVisible();

  topics.release();
  await expect(about.getByRole('heading', { level: 3, name: 'Warum IT?' })).toBeVisible();
  await expect(about.locator('#about-more h3')).toHaveCount(6);
  await about.getByRole('button', { name: 'Weniger anzeigen' }).click();
  await expect(page.locator('#about-more')).toBeHidden();
});

test('a tap on Login before the app has arrived opens the panel once the app runs', async ({
  context,
}) => {
  // The app's chunk held back, as on a phone's slow line; a fresh tab, because the usual one
  // waits for the running app.
  const page = await context.newPage();
  const app = await holdRequests(page, '**/assets/start-app-*.js');
  await page.goto('/');
  await headerLoginButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Login' });
  await expect(panel).toHaveCount(0);

  app.release();
  await expect(panel).toBeVisible();
  await expect(panel.getByPlaceholder('Benutzername')).toBeVisible();
  await expect(headerLoginButton(page)).toHaveAttribute('aria-expanded', 'true');
});

/**
 * A fresh tab on `/` whose app has started and waits for a visitor: the usual tab gives a sign
 * right after loading. The app has started once it asks for the project page's chunk, which it
 * does when idle after setting out to wait.
 */
async function appWaitingForVisitor(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const started = page.waitForRequest('**/assets/all-projects-page-*.js');
  await page.goto('/');
  await started;
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrating');
  return page;
}

test('a page read without a sign of a visitor stays its HTML; a tap starts the app and is answered', async ({
  context,
}) => {
  const page = await appWaitingForVisitor(context);
  await expect(page.locator('html')).not.toHaveAttribute('data-interactive');
  await headerLoginButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
});

test('a click without a pointer (assistive technology) starts the app and is answered', async ({
  context,
}) => {
  const page = await appWaitingForVisitor(context);
  await headerLoginButton(page).dispatchEvent('click');
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(headerLoginButton(page)).toHaveAttribute('aria-expanded', 'true');
});

test(
  'on a phone, a tap on the menu as the first sign opens it',
  { tag: '@mobile' },
  async ({ context }) => {
    const page = await appWaitingForVisitor(context);
    await burger(page).tap();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Kontakt' })).toBeVisible();
  },
);

test('a scroll starts the app, and the sections it reaches hydrate', async ({ context }) => {
  const page = await appWaitingForVisitor(context);
  await page.mouse.wheel(0, 1200);
  await expect(page.locator('html')).toHaveAttribute('data-interactive', '');
  await page.getByRole('button', { name: 'Mehr über mich' }).click();
  await expect(page.getByRole('button', { name: 'Weniger anzeigen' })).toBeVisible();
});

for (const { path } of PAGES) {
  test(`${path} requests no script until its images have painted`, async ({ context, request }) => {
    const html = await (await request.get(path)).text();
    expect(html).not.toMatch(/<script[^>]* src=|rel="modulepreload"/);

    // The images held back, as on a phone's slow line; a fresh tab, because the usual one
    // waits for the running app.
    const page = await context.newPage();
    const images = await holdRequests(page, '**/assets/*.webp');
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('.js')) scripts.push(sent.url());
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts).toEqual([]);

    images.release();
    await startApp(page);
    expect(scripts.length).toBeGreaterThan(0);
  });
}

// The build's gzip twins (web/scripts/precompress.mjs): a page goes out whole, with its length,
// so a phone parses it in one go rather than chunk by chunk before its first layout.
for (const { path } of PAGES) {
  test(`${path} is sent compressed by the build, whole and with its length`, async ({
    request,
  }) => {
    const answer = await request.get(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(answer.status()).toBe(200);
    const headers = answer.headers();
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(Number(headers['content-length'])).toBeGreaterThan(0);
    expect(await answer.text()).toContain('<div id="root">');
  });
}

// V8's compile hint (web/vite.config.ts): the app's chunk, as nginx sends it, starts with the
// line that has Chromium compile it while it streams in, off the main thread.
test("the app's chunk asks to be compiled while it streams in", async ({ request }) => {
  const html = await (await request.get('/')).text();
  const chunk = /data-start-after-paint="[^"]*?(\/assets\/start-app-[\w-]+\.js)/.exec(html)?.[1];
  expect(chunk).toBeDefined();
  const answer = await request.get(chunk ?? '', { headers: { 'accept-encoding': 'gzip' } });
  expect(answer.headers()['content-encoding']).toBe('gzip');
  expect((await answer.text()).split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
});
