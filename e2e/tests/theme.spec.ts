// The theme toggle: its label, the data attribute on <html>, the wrapper's
// class and the background image only the classic theme has.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

function toggle(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^(Klassisch|Modern)$/ });
}

async function expectTheme(page: Page, theme: 'modern' | 'classic') {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator('#root > div')).toHaveClass(new RegExp(`(^|\\s)theme-${theme}(\\s|$)`));
  await expect(toggle(page)).toHaveText(theme === 'modern' ? 'Klassisch' : 'Modern');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
  if (theme === 'classic') expect(background).toMatch(/url\("http:\/\/127\.0\.0\.1:\d+\/assets\//);
  else expect(background).toBe('none');
}

test('toggles between modern and classic', { tag: '@layout' }, async ({ page }) => {
  await page.goto('/');
  await expectTheme(page, 'modern');
  await toggle(page).click();
  await expectTheme(page, 'classic');
  await toggle(page).click();
  await expectTheme(page, 'modern');
});

test('the theme is held in memory only', async ({ page }) => {
  await page.goto('/');
  await toggle(page).click();
  await expectTheme(page, 'classic');
  await page.goto('/all-projects');
  await expectTheme(page, 'modern');
});
