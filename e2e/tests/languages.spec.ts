// German at the root, English under /en/ (docs/product.md#languages): every page says its
// language, canonical address and alternates in its prerendered HTML and in the sitemap, and
// the switch at the end of the header's navigation opens the same page (and section) in the
// other language, with or without JavaScript, remembering nothing but the address. Only / offers
// English, to a browser that prefers it.
import { expectAccessibleValidHtml } from '../support/page-checks';
import { expect, startApp, test } from '../support/fixtures';
import { LANGUAGES, type LanguageTexts } from '../support/languages';
import { goToSection, openMenuIfFolded, sectionHeading } from '../support/site';

/** The owner's public address the pages name (web/src/content/owner.ts). */
const SITE_URL = 'https://www.example.ch';
const PAGES = ['/', '/all-projects', '/protected'];
const [GERMAN, ENGLISH] = LANGUAGES;

const other = (t: LanguageTexts) => (t === GERMAN ? ENGLISH : GERMAN);
const switchLink = (t: LanguageTexts) => (page: import('@playwright/test').Page) =>
  page.getByRole('banner').getByRole('link', { name: t.otherLanguage, exact: true });

for (const t of LANGUAGES) {
  for (const path of ['/', '/all-projects'].map(t.path)) {
    test(`the prerendered ${path} names its language, canonical address and alternates`, async ({
      request,
    }) => {
      const html = await (await request.get(path)).text();
      const page = path.replace(/^\/en/, '') || '/';
      expect(html).toMatch(new RegExp(`<html [^>]*lang="${t.code}"[ >]`));
      expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${path}"/>`);
      for (const alternate of LANGUAGES) {
        expect(html).toContain(
          `<link rel="alternate" hrefLang="${alternate.code}" href="${SITE_URL}${alternate.path(page)}"/>`,
        );
      }
      expect(html).toContain(
        `<link rel="alternate" hrefLang="x-default" href="${SITE_URL}${GERMAN.path(page)}"/>`,
      );
    });
  }
}

test('the sitemap lists every page in both languages with its alternates', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const t of LANGUAGES) {
    for (const page of ['/', '/all-projects']) {
      expect(sitemap).toContain(`<loc>${SITE_URL}${t.path(page)}</loc>`);
      expect(sitemap).toContain(
        `<xhtml:link rel="alternate" hreflang="${t.code}" href="${SITE_URL}${t.path(page)}"/>`,
      );
    }
  }
  expect(sitemap).toContain(
    `<xhtml:link rel="alternate" hreflang="x-default" href="${SITE_URL}/all-projects"/>`,
  );
});

for (const t of LANGUAGES) {
  const target = other(t);
  for (const page of PAGES) {
    test(`the switch on ${t.path(page)} opens ${target.path(page)}`, async ({
      page: tab,
      context,
    }) => {
      await tab.goto(t.path(page));
      await expect(tab.locator('html')).toHaveAttribute('lang', t.code);
      const link = switchLink(t)(tab);
      await expect(link).toHaveAttribute('lang', target.code);
      await expect(link).toHaveAttribute('hreflang', target.code);
      // By keyboard, as a link.
      await link.focus();
      await tab.keyboard.press('Enter');
      await expect(tab).toHaveURL(target.path(page));
      await startApp(tab);
      await expect(tab.locator('html')).toHaveAttribute('lang', target.code);
      await expect(switchLink(target)(tab)).toBeVisible();
      // The choice lives in the address only.
      expect(await context.cookies()).toEqual([]);
      expect(await tab.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([
        0, 0,
      ]);
    });
  }

  test(`the switch keeps the section in view (${t.code})`, { tag: '@layout' }, async ({ page }) => {
    await page.goto(t.path('/'));
    await goToSection(page, t.sections[2].label);
    await expect(sectionHeading(page, 'education')).toBeInViewport();
    await page.waitForTimeout(700);
    // On a phone the switch sits in the burger menu with the section links.
    await openMenuIfFolded(page);
    await switchLink(t)(page).click();
    await expect(page).toHaveURL(target.path('/'));
    await startApp(page);
    await expect(sectionHeading(page, 'education')).toHaveText(target.sections[2].label);
    await expect(sectionHeading(page, 'education')).toBeInViewport();
  });
}

test('the switch works without JavaScript', { tag: '@layout' }, async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: test.info().project.use.viewport,
  });
  const page = await context.newPage();
  await page.goto('/all-projects');
  await switchLink(GERMAN)(page).click();
  await expect(page).toHaveURL('/en/all-projects');
  await expect(page.getByRole('heading', { level: 1, name: 'All projects' })).toBeVisible();
  await switchLink(ENGLISH)(page).click();
  await expect(page).toHaveURL('/all-projects');
  await context.close();
});

test('only / offers English to a browser that prefers it, never by a redirect', async ({
  browser,
  baseURL,
  request,
}) => {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  const page = await context.newPage();
  const interactive = () => startApp(page);
  const notice = page.getByRole('region', { name: 'Language' });
  await page.goto('/');
  await interactive();
  await expect(page).toHaveURL('/');
  await expect(notice.getByRole('link', { name: 'Read it in English' })).toHaveAttribute(
    'href',
    '/en/',
  );
  await expectAccessibleValidHtml(page, 'the offer of English');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  for (const path of ['/all-projects', '/en/']) {
    await page.goto(path);
    await interactive();
    await expect(notice).toHaveCount(0);
  }
  await context.close();

  // The prerendered / is the same whichever language a browser asks for.
  const asked = async (language: string) =>
    (await request.get('/', { headers: { 'accept-language': language } })).text();
  expect(await asked('en-GB,en;q=0.9')).toBe(await asked('de-CH,de;q=0.9'));
});

test('the offer of English shows with the first paint, before the app has run', async ({
  browser,
  baseURL,
}) => {
  for (const [locale, offered] of [
    ['en-GB', 1],
    ['de-CH', 0],
  ] as const) {
    const context = await browser.newContext({ baseURL, locale });
    const page = await context.newPage();
    // The page as painted: its own script inline, none of the app's.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('#home')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Language' })).toHaveCount(offered);
    await context.close();
  }
});

test('a browser that prefers German is offered nothing', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#home')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Language' })).toHaveCount(0);
});
