// axe-core on every route in both themes and with every overlay open: no
// violation of the WCAG 2.0–2.2 A and AA rules, at desktop and phone width.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, revealWholePage } from '../support/axe';
import { expect, openWithSession, test } from '../support/fixtures';
import { burger, headerLoginButton, loginDialog } from '../support/site';

interface Route {
  name: string;
  open: (page: Page, token: string) => Promise<void>;
}

const ROUTES: Route[] = [
  {
    name: '/',
    open: async (page) => {
      await page.goto('/');
      await expect(page.locator('#home')).toBeVisible();
    },
  },
  {
    name: '/all-projects',
    open: async (page) => {
      await page.goto('/all-projects');
      await expect(page.getByRole('heading', { level: 1, name: 'Alle Projekte' })).toBeVisible();
    },
  },
  {
    name: '/protected logged out',
    open: async (page) => {
      await page.goto('/protected');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Geschützter Bereich' }),
      ).toBeVisible();
    },
  },
  {
    name: '/protected logged in',
    open: async (page, token) => {
      await openWithSession(page, token, '/protected');
      await expect(
        page.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }),
      ).toBeVisible();
    },
  },
  {
    name: 'the 404 page',
    open: async (page) => {
      await page.goto('/gibt-es-nicht');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
      ).toBeVisible();
    },
  },
];

async function useClassicTheme(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Klassisch' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'classic');
}

test.describe('accessibility', { tag: '@layout' }, () => {
  for (const theme of ['modern', 'classic'] as const) {
    for (const route of ROUTES) {
      test(`${route.name} (${theme})`, async ({ page, token }) => {
        await route.open(page, token);
        if (theme === 'classic') await useClassicTheme(page);
        await revealWholePage(page);
        await expectNoAxeViolations(page, `${route.name} (${theme})`);
      });
    }
  }

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
