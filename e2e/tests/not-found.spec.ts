// Unknown paths: nginx answers 404 with the prerendered 404 page of the
// address's language (nginx/templates/site.conf), which the app takes over
// with its way home; a missing bundle file is a plain 404.
import { expect, test } from '../support/fixtures';
import { expectedAnswer } from '../support/page-guard';
import { LANGUAGES } from '../support/languages';

for (const t of LANGUAGES) {
  test(`an unknown path answers 404 with the 404 page in its language and a way home (${t.code})`, async ({
    page,
    guard,
  }) => {
    guard.allow(expectedAnswer(404, t.unknownPath));
    const response = await page.goto(t.unknownPath);
    expect(response?.status()).toBe(404);
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
