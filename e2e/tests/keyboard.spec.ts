// The main flows without a mouse: Tab, Shift+Tab, Enter, Escape and typing.
import { expect, storedSession, test } from '../support/fixtures';
import { contactFields, mailWith, uniqueMarker, visitorWith } from '../support/contact';
import { tabTo } from '../support/keyboard';
import { headerLoginButton, loginDialog } from '../support/site';

test('log in, open the documents page, download and open a file', async ({
  page,
  stack,
  guard,
}) => {
  // Closing the PDF tab cancels its viewer's read of the blob.
  guard.allow(/^failed request: blob:\S+ \(net::ERR_ABORTED\)$/);
  await page.goto('/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();

  await tabTo(page, headerLoginButton(page));
  await page.keyboard.press('Enter');
  const dialog = loginDialog(page);
  await expect(dialog.getByPlaceholder('Benutzername')).toBeFocused();
  await page.keyboard.type(stack.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(stack.password);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  expect((await storedSession(page)).isAuthenticated).toBe('true');

  await tabTo(page, page.getByRole('link', { name: 'Passwortgeschützte Seite öffnen' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Willkommen!' })).toBeVisible();

  const download = page.getByRole('button', { name: 'Download' }).first();
  await tabTo(page, download);
  const downloaded = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await downloaded).suggestedFilename()).toMatch(/\.pdf$/);

  await tabTo(page, page.getByRole('button', { name: 'Öffnen' }).first(), 'Shift+Tab');
  const popupOpened = page.waitForEvent('popup');
  await page.keyboard.press('Enter');
  const popup = await popupOpened;
  await popup.waitForURL(/^blob:/);
  await popup.close();
});

test('send the contact form', async ({ page, stack }) => {
  const marker = uniqueMarker();
  const visitor = visitorWith(marker);
  const fields = contactFields(page);
  await page.goto('/');
  await tabTo(page, fields.name);
  await page.keyboard.type(visitor.name);
  await page.keyboard.press('Tab');
  await expect(fields.email).toBeFocused();
  await page.keyboard.type(visitor.email);
  await page.keyboard.press('Tab');
  await expect(fields.message).toBeFocused();
  await page.keyboard.type(visitor.message);
  await page.keyboard.press('Tab');
  await expect(fields.submit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(fields.submit).toHaveAttribute('data-status', 'success');
  await mailWith(stack.mailDir, marker);
});

test('open and close both popups and the login panel', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const impressum = footer.getByRole('button', { name: 'Impressum' });
  const privacy = footer.getByRole('button', { name: 'Datenschutz' });

  await tabTo(page, impressum);
  await page.keyboard.press('Enter');
  const impressumDialog = page.getByRole('dialog', { name: 'Impressum' });
  await expect(impressumDialog).toBeVisible();
  await expect(impressumDialog.getByRole('button', { name: 'Schliessen' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(impressumDialog).toBeHidden();
  await expect(impressum).toBeFocused();

  await tabTo(page, privacy);
  await page.keyboard.press('Enter');
  const privacyDialog = page.getByRole('dialog', { name: 'Datenschutzerklärung' });
  await expect(privacyDialog).toBeVisible();
  // Focus stays inside the popup while it is open.
  for (let presses = 0; presses < 5; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await privacyDialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(
      true,
    );
  }
  await tabTo(page, privacyDialog.getByRole('button', { name: 'Schliessen' }));
  await page.keyboard.press('Enter');
  await expect(privacyDialog).toBeHidden();
  await expect(privacy).toBeFocused();

  await tabTo(page, headerLoginButton(page), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(loginDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(loginDialog(page)).toBeHidden();
  await expect(headerLoginButton(page)).toBeFocused();
});
