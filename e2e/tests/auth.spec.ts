// Login and logout from the header, the documents section and the /protected
// gate, in each language, as docs/product.md#login describes them.
import { expect, openWithSession, storedSession, test } from '../support/fixtures';
import { loginForm, submitCorrectLogin, submitWrongLogin } from '../support/login';
import { holdRequests } from '../support/held-requests';
import { expectedAnswer, expectedNetworkFailure } from '../support/page-guard';
import { LANGUAGES, textsOf } from '../support/languages';
import { headerLoginButton, loginDialog, navLink, withMenuOpen } from '../support/site';
import type { Page } from '@playwright/test';

const LOGIN_PATH = '/api/auth/login';

async function expectLoggedIn(page: Page) {
  const documents = textsOf(page).sections[4].label;
  const session = await storedSession(page);
  expect(session.isAuthenticated).toBe('true');
  expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  await withMenuOpen(page, () =>
    expect(navLink(page, documents)).toHaveAccessibleName(`${documents} ${textsOf(page).unlocked}`),
  );
}

for (const t of LANGUAGES) {
  const home = t.path('/');
  const protectedPage = t.path('/protected');

  test.describe(`header login (${t.code})`, { tag: '@layout' }, () => {
    test('a wrong password shows the message above the fields', async ({ page, stack, guard }) => {
      guard.allow(expectedAnswer(401, LOGIN_PATH));
      await page.goto(home);
      await headerLoginButton(page).click();
      const panel = loginDialog(page);
      await submitWrongLogin(panel, stack);
      await expect(panel.getByRole('alert')).toHaveText(t.loginInvalid);
      expect(await storedSession(page)).toEqual({ isAuthenticated: null, token: null });
    });

    test('the right password logs in, survives a reload and logout clears it', async ({
      page,
      stack,
    }) => {
      await page.goto(home);
      await headerLoginButton(page).click();
      await submitCorrectLogin(loginDialog(page), stack);
      await expect(loginDialog(page)).toBeHidden();
      await expectLoggedIn(page);
      await expect(page.getByRole('link', { name: t.openProtected })).toBeVisible();

      await page.reload();
      await expectLoggedIn(page);

      await page.goto(t.path('/all-projects'));
      await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(home);
      expect(await storedSession(page)).toEqual({ isAuthenticated: null, token: null });
      await expect(headerLoginButton(page)).toBeVisible();
    });

    test('the Login button toggles the panel; Cancel and Escape close it', async ({ page }) => {
      await page.goto(home);
      await headerLoginButton(page).click();
      await expect(loginDialog(page)).toBeVisible();
      await headerLoginButton(page).click();
      await expect(loginDialog(page)).toBeHidden();
      await headerLoginButton(page).click();
      await loginDialog(page).getByRole('button', { name: t.cancel }).click();
      await expect(loginDialog(page)).toBeHidden();
      await headerLoginButton(page).click();
      await expect(loginDialog(page).getByPlaceholder(t.username)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(loginDialog(page)).toBeHidden();
    });
  });

  test(`the button reads "${t.checking}" while the login is pending`, async ({ page, stack }) => {
    const login = await holdRequests(page, `**${LOGIN_PATH}`);
    await page.goto(home);
    await headerLoginButton(page).click();
    const panel = loginDialog(page);
    await submitCorrectLogin(panel, stack);

    const busy = panel.getByRole('button', { name: t.checking });
    await expect(busy).toBeDisabled();
    await expect(panel.getByPlaceholder(t.username)).toBeDisabled();
    await expect(panel.getByPlaceholder(t.password)).toBeDisabled();
    await expect(panel.getByRole('button', { name: t.cancel })).toBeDisabled();
    await panel.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit());
    login.release();
    await expect(loginDialog(page)).toBeHidden();
    await expectLoggedIn(page);
    expect(login.count()).toBe(1);
  });

  test.describe(`documents section login (${t.code})`, () => {
    test('wrong, then right password, then the protected page', async ({ page, stack, guard }) => {
      guard.allow(expectedAnswer(401, LOGIN_PATH));
      await page.goto(home);
      const form = loginForm(page.locator('#documents'));
      await submitWrongLogin(form, stack);
      await expect(form.getByRole('alert')).toHaveText(t.loginInvalid);

      await submitCorrectLogin(form, stack);
      const link = page.getByRole('link', { name: t.openProtected });
      await expect(link).toBeVisible();
      await expect(page.locator('#documents').getByRole('alert')).toHaveCount(0);
      await expectLoggedIn(page);
      await link.click();
      await expect(page).toHaveURL(protectedPage);
      await expect(page.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
    });
  });

  test.describe(`gate on /protected (${t.code})`, { tag: '@layout' }, () => {
    test('wrong, then right password opens the documents', async ({ page, stack, guard }) => {
      guard.allow(expectedAnswer(401, LOGIN_PATH));
      await page.goto(protectedPage);
      await expect(page.getByRole('heading', { level: 1, name: t.gate })).toBeVisible();
      // The page's title replaces the shell's, which names only the owner.
      await expect(page).toHaveTitle(new RegExp(`^${t.protectedTitle} – `));
      await expect(page.locator('title')).toHaveCount(1);
      const form = loginForm(page.getByRole('main'));
      await submitWrongLogin(form, stack);
      await expect(form.getByRole('alert')).toHaveText(t.loginInvalid);

      await submitCorrectLogin(form, stack);
      await expect(page.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
      await expectLoggedIn(page);
      await page.getByRole('main').getByRole('button', { name: 'Logout' }).click();
      await expect(page).toHaveURL(home);
      expect(await storedSession(page)).toEqual({ isAuthenticated: null, token: null });
    });

    test(`a request error reads "${t.serverError}"`, async ({ page, stack, guard }) => {
      guard.allow(expectedNetworkFailure(LOGIN_PATH));
      await page.route(`**${LOGIN_PATH}`, (route) => route.abort('connectionrefused'));
      await page.goto(protectedPage);
      const form = loginForm(page.getByRole('main'));
      await submitCorrectLogin(form, stack);
      await expect(form.getByRole('alert')).toHaveText(t.serverError);
    });

    test('reload keeps the session on /protected', async ({ page, token }) => {
      const documentsListed = () =>
        expect(page.getByRole('button', { name: 'Download' }).first()).toBeVisible();
      await openWithSession(page, token, protectedPage);
      await expect(page.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
      // Reloading while the list is still loading would cancel its request (a failure the guard
      // reports); a visitor reloads a page they have seen.
      await documentsListed();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
      await documentsListed();
    });
  });
}
