// The README's screenshots, rewritten only on request (`npm run screenshots`;
// the test script leaves them out, so a test run changes no tracked file): the
// start page at desktop and phone width in both themes, and the documents page
// logged in.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, openWithSession, test } from '../support/fixtures';

const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', 'docs', 'screenshots');

function shotPath(name: string): string {
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

/** Waits for the fonts and for every image above the fold (lazy ones below never load). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

test.describe('screenshots', { tag: ['@screenshots', '@layout'] }, () => {
  test('start page in both themes', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.locator('#home')).toBeVisible();
    await settle(page);
    await page.screenshot({
      path: shotPath(`home-${testInfo.project.name}-modern`),
      animations: 'disabled',
    });
    await page.getByRole('banner').getByRole('button', { name: 'Klassisch' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'classic');
    await settle(page);
    await page.screenshot({
      path: shotPath(`home-${testInfo.project.name}-classic`),
      animations: 'disabled',
    });
  });

  test('documents page logged in', async ({ page, token }, testInfo) => {
    await openWithSession(page, token, '/protected');
    await expect(
      page.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }),
    ).toBeVisible();
    await settle(page);
    await page.screenshot({
      path: shotPath(`protected-${testInfo.project.name}`),
      animations: 'disabled',
    });
  });
});
