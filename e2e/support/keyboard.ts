// Moving through the page with the Tab key only, as a keyboard user does.
import { expect, type Locator, type Page } from '@playwright/test';

const MAX_TABS = 120;

function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it never gets it. */
export async function tabTo(page: Page, target: Locator, key = 'Tab'): Promise<void> {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}
