// The footer in each language: the copyright year and the two popups, which close by the X,
// by Escape and by the backdrop, never by a click on their content.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LANGUAGES } from '../support/languages';
import { COPYRIGHT_YEAR } from '../support/site';

function footer(page: Page) {
  return page.getByRole('contentinfo');
}

test('shows © 2025', async ({ page }) => {
  await page.goto('/');
  await expect(footer(page)).toContainText(`© ${COPYRIGHT_YEAR}`);
});

for (const t of LANGUAGES) {
  for (const popup of [t.impressum, t.privacy]) {
    test(`${popup.link} opens and closes by X, Escape and backdrop only (${t.code})`, async ({
      page,
    }) => {
      await page.goto(t.path('/'));
      const opener = footer(page).getByRole('button', { name: popup.link, exact: true });
      const dialog = page.getByRole('dialog', { name: popup.title });

      await opener.click();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(popup.content);
      await dialog.getByRole('heading', { level: 2 }).click();
      await dialog.getByRole('heading', { level: 3 }).first().click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: t.close }).click();
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();

      await opener.click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await opener.click();
      await expect(dialog).toBeVisible();
      await page.mouse.click(4, 4);
      await expect(dialog).toBeHidden();
    });
  }
}
