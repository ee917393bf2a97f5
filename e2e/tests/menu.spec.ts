// The burger menu of narrow screens: it opens and closes, it closes the
// login panel, and choosing a link closes it.
import { expect, test } from '../support/fixtures';
import {
  burger,
  headerLoginButton,
  loginDialog,
  nav,
  navLink,
  sectionHeading,
} from '../support/site';

test('wide screens show the navigation without a burger', async ({ page }) => {
  await page.goto('/');
  await expect(burger(page)).toBeHidden();
  await expect(nav(page).getByRole('link')).toHaveCount(6);
  await expect(navLink(page, 'Kontakt')).toBeVisible();
});

test.describe('burger menu', { tag: '@mobile' }, () => {
  test('opens and closes with a German label', async ({ page }) => {
    await page.goto('/');
    await expect(navLink(page, 'Kontakt')).toBeHidden();
    await expect(burger(page)).toHaveAccessibleName('Menü öffnen');
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');

    await burger(page).click();
    await expect(burger(page)).toHaveAccessibleName('Menü schliessen');
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(navLink(page, 'Kontakt')).toBeVisible();

    await burger(page).click();
    await expect(burger(page)).toHaveAccessibleName('Menü öffnen');
    await expect(navLink(page, 'Kontakt')).toBeHidden();
  });

  test('opening the menu closes the login panel', async ({ page }) => {
    await page.goto('/');
    await headerLoginButton(page).click();
    await expect(loginDialog(page)).toBeVisible();
    await burger(page).click();
    await expect(loginDialog(page)).toBeHidden();
    await expect(navLink(page, 'Kontakt')).toBeVisible();
  });

  test('choosing a link closes the menu and scrolls to the section', async ({ page }) => {
    await page.goto('/');
    await burger(page).click();
    await navLink(page, 'Schule').click();
    await expect(navLink(page, 'Schule')).toBeHidden();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(sectionHeading(page, 'education')).toBeInViewport();
  });

  test('Escape closes the menu and returns focus to the burger', async ({ page }) => {
    await page.goto('/');
    await burger(page).click();
    await navLink(page, 'Startseite').focus();
    await page.keyboard.press('Escape');
    await expect(navLink(page, 'Startseite')).toBeHidden();
    await expect(burger(page)).toBeFocused();
  });
});
