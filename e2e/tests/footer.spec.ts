// The footer: the copyright year and the two popups, which close by the X,
// by Escape and by the backdrop, never by a click on their content.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { COPYRIGHT_YEAR } from '../support/site';

const POPUPS = [
  { link: 'Impressum', title: 'Impressum', content: /Kontaktadresse[\s\S]*Telefon[\s\S]*E-Mail/ },
  {
    link: 'Datenschutz',
    title: 'Datenschutzerklärung',
    content: /1\. Allgemeines[\s\S]*7\. Sicherheit/,
  },
];

function footer(page: Page) {
  return page.getByRole('contentinfo');
}

test('shows © 2025', async ({ page }) => {
  await page.goto('/');
  await expect(footer(page)).toContainText(`© ${COPYRIGHT_YEAR}`);
});

for (const popup of POPUPS) {
  test(`${popup.link} opens and closes by X, Escape and backdrop only`, async ({ page }) => {
    await page.goto('/');
    const opener = footer(page).getByRole('button', { name: popup.link, exact: true });
    const dialog = page.getByRole('dialog', { name: popup.title });

    await opener.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(popup.content);
    await dialog.getByRole('heading', { level: 2 }).click();
    await dialog.getByRole('heading', { level: 3 }).first().click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Schliessen' }).click();
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
