// Every page loads only from its own origin, without console errors or failed
// requests. (The guard checks this after every test; here each page is named.)
import { expect, openWithSession, test } from '../support/fixtures';
import { expectedAnswer } from '../support/page-guard';

const PAGES = [
  { path: '/', ready: 'Baran Demir' },
  { path: '/all-projects', ready: 'Alle Projekte' },
  { path: '/protected', ready: 'Geschützter Bereich' },
  { path: '/gibt-es-nicht', ready: 'Seite nicht gefunden', status: 404 },
];

for (const { path, ready, status } of PAGES) {
  test(`${path} stays on its origin`, { tag: '@layout' }, async ({ page, guard, baseURL }) => {
    if (status) guard.allow(expectedAnswer(status, path));
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(ready);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
    const origin = new URL(baseURL ?? '').origin;
    const foreign = guard.requests.filter((url) => new URL(url).origin !== origin);
    expect(guard.requests.length).toBeGreaterThan(3);
    expect(foreign).toEqual([]);
    expect(guard.problems()).toEqual([]);
  });
}

test('/protected logged in stays on its origin', async ({ page, guard, token, baseURL }) => {
  await openWithSession(page, token, '/protected');
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen!' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const origin = new URL(baseURL ?? '').origin;
  expect(guard.requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(guard.requests.some((url) => url.endsWith('/api/documents'))).toBe(true);
  expect(guard.problems()).toEqual([]);
});
