// Unknown paths: nginx answers every non-file path with the app (status 200,
// the SPA fallback of nginx/templates/site.conf, the English shell under /en/),
// and the app shows the 404 page of the address's language; only missing
// bundle files are real 404s.
import { expect, test } from '../support/fixtures';
import { LANGUAGES } from '../support/languages';

for (const t of LANGUAGES) {
  test(`an unknown path shows the 404 page in its language with a way home (${t.code})`, async ({
    page,
  }) => {
    const response = await page.goto(t.unknownPath);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', t.code);
    await expect(page.getByRole('heading', { level: 1, name: t.notFound })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${t.notFound}`));
    await page.getByRole('link', { name: t.notFoundHome, exact: true }).click();
    await expect(page).toHaveURL(t.path('/'));
    await expect(page.locator('#home')).toBeVisible();
  });
}

test('a missing bundle file is a real 404', async ({ request, baseURL }) => {
  const response = await request.get(`${baseURL}/assets/gibt-es-nicht.js`);
  expect(response.status()).toBe(404);
});
