// axe-core on every page and with every overlay open: no violation of the
// WCAG 2.2 A and AA rules, at desktop and phone width.
import { expectNoAxeViolations, revealWholePage } from '../support/axe';
import { expect, openWithSession, test } from '../support/fixtures';
import { burger, headerLoginButton, loginDialog } from '../support/site';

test.describe('accessibility', { tag: '@layout' }, () => {
  test('/', async ({ page }) => {
    await page.goto('/');
    await revealWholePage(page);
    await expectNoAxeViolations(page, '/');
  });

  test('/all-projects', async ({ page }) => {
    await page.goto('/all-projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Alle Projekte' })).toBeVisible();
    await revealWholePage(page);
    await expectNoAxeViolations(page, '/all-projects');
  });

  test('/protected logged out', async ({ page }) => {
    await page.goto('/protected');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Geschützter Bereich' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/protected (gate)');
  });

  test('/protected logged in', async ({ page, token }) => {
    await openWithSession(page, token, '/protected');
    await expect(
      page.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, '/protected (documents)');
  });

  test('the login panel open', async ({ page }) => {
    await page.goto('/');
    await headerLoginButton(page).click();
    await expect(loginDialog(page)).toBeVisible();
    await expectNoAxeViolations(page, 'the login panel');
  });

  test('the burger menu open', { tag: '@mobile' }, async ({ page }) => {
    await page.goto('/');
    await burger(page).click();
    await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
    await page.waitForTimeout(400);
    await expectNoAxeViolations(page, 'the open menu');
  });

  for (const [link, title] of [
    ['Impressum', 'Impressum'],
    ['Datenschutz', 'Datenschutzerklärung'],
  ]) {
    test(`the ${link} popup open`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('button', { name: link, exact: true }).click();
      await expect(page.getByRole('dialog', { name: title })).toContainText(/\w{20}/);
      await page.waitForTimeout(300);
      await expectNoAxeViolations(page, `the ${link} popup`);
    });
  }
});
