// The start page: its six sections, the navigation that scrolls to them from
// here and from other pages, the logo, and / dropping its hash.
import { expect, test } from '../support/fixtures';
import {
  goToSection,
  nav,
  navLink,
  openMenuIfFolded,
  scrollY,
  SECTIONS,
  sectionHeading,
} from '../support/site';

test.describe('start page', { tag: '@layout' }, () => {
  test('shows the six sections in order with their anchor ids', async ({ page }) => {
    await page.goto('/');
    const ids = await page
      .locator('main section[id]')
      .evaluateAll((sections) => sections.map((section) => section.id));
    expect(ids).toEqual(SECTIONS.map((section) => section.id));
    await openMenuIfFolded(page);
    for (const [index, section] of SECTIONS.entries()) {
      await expect(nav(page).getByRole('link').nth(index)).toHaveAccessibleName(
        new RegExp(`^${section.label}`),
      );
    }
  });

  test('each nav link scrolls its section into view and keeps the address', async ({ page }) => {
    await page.goto('/');
    for (const section of [...SECTIONS.slice(1), SECTIONS[0]]) {
      await goToSection(page, section.label);
      await expect(sectionHeading(page, section.id)).toBeInViewport();
      await expect(page).toHaveURL('/');
    }
    await expect.poll(() => scrollY(page)).toBeLessThan(50);
  });

  test('a nav link on /all-projects lands on the section of /', async ({ page }) => {
    await page.goto('/all-projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Alle Projekte' })).toBeVisible();
    await goToSection(page, 'Kontakt');
    await expect(page).toHaveURL('/');
    await expect(sectionHeading(page, 'contact')).toBeInViewport();
  });

  test('the back link of /all-projects returns to the projects section', async ({ page }) => {
    await page.goto('/all-projects');
    await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
    await expect(page).toHaveURL('/');
    await expect(sectionHeading(page, 'projects')).toBeInViewport();
  });

  test('the logo scrolls back home', async ({ page }) => {
    await page.goto('/');
    await goToSection(page, 'Kontakt');
    await expect(sectionHeading(page, 'contact')).toBeInViewport();
    await page.getByRole('link', { name: /zur Startseite$/ }).click();
    await expect(sectionHeading(page, 'home')).toBeInViewport();
    await expect.poll(() => scrollY(page)).toBeLessThan(50);
  });

  test('a hash on / is removed and its section scrolled to', async ({ page }) => {
    await page.goto('/#education');
    await expect(page).toHaveURL('/');
    await expect(sectionHeading(page, 'education')).toBeInViewport();
  });

  test('the Dokumente link shows a closed lock when logged out', async ({ page }) => {
    await page.goto('/');
    await openMenuIfFolded(page);
    await expect(navLink(page, 'Dokumente')).toHaveAccessibleName('Dokumente (gesperrt)');
  });
});
