// The start page in each language: its six sections, the navigation that scrolls to them from
// here and from other pages, the logo, and / dropping its hash.
import { expect, test } from '../support/fixtures';
import { LANGUAGES } from '../support/languages';
import {
  goToSection,
  nav,
  navLink,
  openMenuIfFolded,
  scrollY,
  sectionHeading,
} from '../support/site';

for (const t of LANGUAGES) {
  const home = t.path('/');
  const SECTIONS = t.sections;
  const contact = SECTIONS[5].label;
  test.describe(`start page (${t.code})`, { tag: '@layout' }, () => {
    test('shows the six sections in order with their anchor ids', async ({ page }) => {
      await page.goto(home);
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
      await page.goto(home);
      for (const section of [...SECTIONS.slice(1), SECTIONS[0]]) {
        await goToSection(page, section.label);
        await expect(sectionHeading(page, section.id)).toBeInViewport();
        await expect(page).toHaveURL(home);
      }
      await expect.poll(() => scrollY(page)).toBeLessThan(50);
    });

    test('a nav link on /all-projects lands on the section of /', async ({ page }) => {
      await page.goto(t.path('/all-projects'));
      await expect(page.getByRole('heading', { level: 1, name: t.allProjects })).toBeVisible();
      await goToSection(page, contact);
      await expect(page).toHaveURL(home);
      await expect(sectionHeading(page, 'contact')).toBeInViewport();
    });

    test('the back link of /all-projects returns to the projects section', async ({ page }) => {
      await page.goto(t.path('/all-projects'));
      await page.getByRole('link', { name: t.backHome }).click();
      await expect(page).toHaveURL(home);
      await expect(sectionHeading(page, 'projects')).toBeInViewport();
    });

    test('the logo scrolls back home', async ({ page }) => {
      await page.goto(home);
      await goToSection(page, contact);
      await expect(sectionHeading(page, 'contact')).toBeInViewport();
      await page.getByRole('link', { name: new RegExp(`${t.home}$`) }).click();
      await expect(sectionHeading(page, 'home')).toBeInViewport();
      await expect.poll(() => scrollY(page)).toBeLessThan(50);
    });

    test('a hash on / is removed and its section scrolled to', async ({ page }) => {
      await page.goto(`${home}#education`);
      await expect(page).toHaveURL(home);
      await expect(sectionHeading(page, 'education')).toBeInViewport();
    });

    test('the documents link shows a closed lock when logged out', async ({ page }) => {
      await page.goto(home);
      await openMenuIfFolded(page);
      const documents = SECTIONS[4].label;
      await expect(navLink(page, documents)).toHaveAccessibleName(`${documents} ${t.locked}`);
    });
  });
}
