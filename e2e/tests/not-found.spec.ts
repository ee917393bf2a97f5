// Unknown paths: nginx answers every non-file path with the app (status 200,
// the SPA fallback of nginx/templates/site.conf), and the app shows its German
// 404 page; only missing bundle files are real 404s.
import { expect, test } from '../support/fixtures';

test('an unknown path shows the German 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/gibt-es-nicht');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();
  await expect(page).toHaveTitle(/^Seite nicht gefunden/);
  await page.getByRole('link', { name: 'Zur Startseite', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('#home')).toBeVisible();
});

test('a missing bundle file is a real 404', async ({ request, baseURL }) => {
  const response = await request.get(`${baseURL}/assets/gibt-es-nicht.js`);
  expect(response.status()).toBe(404);
});
