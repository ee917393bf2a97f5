// The burger menu of narrow screens in each language: it opens and closes, it closes the
// login panel, and choosing a link closes it.
import { expect, test } from '../support/fixtures';
import { LANGUAGES } from '../support/languages';
import {
  burger,
  headerLoginButton,
  loginDialog,
  nav,
  navLink,
  sectionHeading,
} from '../support/site';

for (const t of LANGUAGES) {
  const home = t.path('/');
  const [start, , education, , , contact] = t.sections.map((section) => section.label);

  test(`wide screens show the navigation without a burger (${t.code})`, async ({ page }) => {
    await page.goto(home);
    await expect(burger(page)).toBeHidden();
    // The six sections and the language switch.
    await expect(nav(page).getByRole('link')).toHaveCount(7);
    await expect(navLink(page, contact)).toBeVisible();
  });

  test.describe(`burger menu (${t.code})`, { tag: '@mobile' }, () => {
    test('opens and closes with a label in the page language', async ({ page }) => {
      await page.goto(home);
      await expect(navLink(page, contact)).toBeHidden();
      await expect(burger(page)).toHaveAccessibleName(t.openMenu);
      await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');

      await burger(page).click();
      await expect(burger(page)).toHaveAccessibleName(t.closeMenu);
      await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
      await expect(navLink(page, contact)).toBeVisible();

      await burger(page).click();
      await expect(burger(page)).toHaveAccessibleName(t.openMenu);
      await expect(navLink(page, contact)).toBeHidden();
    });

    test('opening the menu closes the login panel', async ({ page }) => {
      await page.goto(home);
      await headerLoginButton(page).click();
      await expect(loginDialog(page)).toBeVisible();
      await burger(page).click();
      await expect(loginDialog(page)).toBeHidden();
      await expect(navLink(page, contact)).toBeVisible();
    });

    test('choosing a link closes the menu and scrolls to the section', async ({ page }) => {
      await page.goto(home);
      await burger(page).click();
      await navLink(page, education).click();
      await expect(navLink(page, education)).toBeHidden();
      await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(sectionHeading(page, 'education')).toBeInViewport();
    });

    test('Escape closes the menu and returns focus to the burger', async ({ page }) => {
      await page.goto(home);
      await burger(page).click();
      await navLink(page, start).focus();
      await page.keyboard.press('Escape');
      await expect(navLink(page, start)).toBeHidden();
      await expect(burger(page)).toBeFocused();
    });
  });
}
