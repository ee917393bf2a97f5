// axe-core and html-validate on every route in both themes and with every overlay open: no
// violation of the WCAG 2.0–2.2 A and AA rules and valid HTML, at desktop and phone width.
import type { Page } from '@playwright/test';
import { revealWholePage } from '../support/axe';
import { expectAccessibleValidHtml } from '../support/page-checks';
import { expect, openWithSession, test } from '../support/fixtures';
import { expectedAnswer } from '../support/page-guard';
import { LANGUAGES, textsOf, type LanguageTexts } from '../support/languages';
import { burger, headerLoginButton, loginDialog } from '../support/site';

interface Route {
  name: string;
  open: (page: Page, token: string) => Promise<void>;
  /** An error answer the route brings on purpose. */
  expected?: RegExp;
}

function routesIn(t: LanguageTexts): Route[] {
  return [
    {
      name: t.path('/'),
      open: async (page) => {
        await page.goto(t.path('/'));
        await expect(page.locator('#home')).toBeVisible();
      },
    },
    {
      name: t.path('/all-projects'),
      open: async (page) => {
        await page.goto(t.path('/all-projects'));
        await expect(page.getByRole('heading', { level: 1, name: t.allProjects })).toBeVisible();
      },
    },
    {
      name: `${t.path('/protected')} logged out`,
      open: async (page) => {
        await page.goto(t.path('/protected'));
        await expect(page.getByRole('heading', { level: 1, name: t.gate })).toBeVisible();
      },
    },
    {
      name: `${t.path('/protected')} logged in`,
      open: async (page, token) => {
        await openWithSession(page, token, t.path('/protected'));
        await expect(page.getByRole('button', { name: t.zip })).toBeVisible();
      },
    },
    {
      name: `the 404 page (${t.code})`,
      expected: expectedAnswer(404, t.unknownPath),
      open: async (page) => {
        await page.goto(t.unknownPath);
        await expect(page.getByRole('heading', { level: 1, name: t.notFound })).toBeVisible();
      },
    },
  ];
}

async function useClassicTheme(page: Page): Promise<void> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: textsOf(page).classic })
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'classic');
}

for (const t of LANGUAGES) {
  test.describe(`accessibility (${t.code})`, { tag: '@layout' }, () => {
    for (const theme of ['modern', 'classic'] as const) {
      for (const route of routesIn(t)) {
        test(`${route.name} (${theme})`, async ({ page, token, guard }) => {
          if (route.expected) guard.allow(route.expected);
          await route.open(page, token);
          if (theme === 'classic') await useClassicTheme(page);
          await revealWholePage(page);
          await expectAccessibleValidHtml(page, `${route.name} (${theme})`);
        });
      }
    }

    test('the login panel open', async ({ page }) => {
      await page.goto(t.path('/'));
      await headerLoginButton(page).click();
      await expect(loginDialog(page)).toBeVisible();
      await expectAccessibleValidHtml(page, 'the login panel');
    });

    test('the burger menu open', { tag: '@mobile' }, async ({ page }) => {
      await page.goto(t.path('/'));
      await burger(page).click();
      await expect(burger(page)).toHaveAttribute('aria-expanded', 'true');
      await page.waitForTimeout(400);
      await expectAccessibleValidHtml(page, 'the open menu');
    });

    for (const { link, title } of [t.impressum, t.privacy]) {
      test(`the ${link} popup open`, async ({ page }) => {
        await page.goto(t.path('/'));
        await page
          .getByRole('contentinfo')
          .getByRole('button', { name: link, exact: true })
          .click();
        await expect(page.getByRole('dialog', { name: title })).toContainText(/\w{20}/);
        await page.waitForTimeout(300);
        await expectAccessibleValidHtml(page, `the ${link} popup`);
      });
    }
  });
}
