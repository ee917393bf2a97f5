// The owner's page (/verwaltung) through nginx, signed in with a passkey
// that Chromium's virtual authenticator holds: the setup link, a company's
// link read back from its QR code and opened as the company would, its use
// in the log, revoking, a company's own letter and chosen sections from a
// phone to the company, another device added and removed with a tap on the
// passkey (and the owner's mails), logout, and who cannot get in. The tests
// share the stack's owner store and its one open setup link, so they run one
// after another, in this file only.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { pdfPageTexts, stampLinePattern, unzip, waitForMail } from '@portfolio/stack';
import { fileRow, manifestFiles, readManifest } from '../support/documents';
import { expect, requestToken, test } from '../support/fixtures';
import { expectAccessibleValidHtml } from '../support/page-checks';
import { expectedAnswer } from '../support/page-guard';
import {
  accessItem,
  addVirtualAuthenticator,
  company,
  ownerOrigin,
  registerOwner,
  scanQrCode,
  setupLink,
} from '../support/owner';
import type { StackInfo } from '../support/stack-info';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: async ({ stack }, use) => use(ownerOrigin(stack)) });

const REFUSED_SETUP =
  'Dieser Einrichtungslink ist ungültig, abgelaufen oder schon benutzt. Neuen Link mit make owner-setup.';
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

/** The names of the passkeys the signed-in page lists. */
async function passkeyLabels(page: Page): Promise<string[]> {
  const buttons = page.getByRole('button', { name: / Entfernen$/ });
  await expect(buttons.first()).toBeVisible();
  const names = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('aria-label')));
  return names.map((name) => String(name).replace(/ Entfernen$/, ''));
}

/** The owner's mail with this subject (and text), as the SMTP sink saved it. */
function mailTo(stack: StackInfo, subject: string, text = '') {
  return waitForMail(
    stack.mailDir,
    (mail) => mail.subject === subject && (mail.text ?? '').includes(text),
  );
}

test('the owner signs in with a passkey, makes a link, sees its use and revokes it', async ({
  page,
  stack,
  browser,
}) => {
  await registerOwner(page, stack);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Zugänge' })).toBeVisible();

  const name = company();
  await page.getByLabel('Firma').fill(name);
  await page.getByRole('button', { name: 'Link erstellen' }).click();
  const card = page.getByRole('article', { name: `Zugang für ${name}` });
  const shownLink = await card.getByRole('link').textContent();
  const scanned = await scanQrCode(
    card.getByRole('img', { name: `QR-Code des Links für ${name}` }),
  );
  expect(scanned).toBe(shownLink);
  expect(scanned).toMatch(/\/protected#zugang=/);

  // The company scans the code at the stand and opens the link on its own device.
  const companyContext = await browser.newContext();
  const companyPage = await companyContext.newPage();
  await companyPage.goto(scanned);
  await expect(
    companyPage.getByRole('heading', { level: 1, name: `Bewerbung für ${name}` }),
  ).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  const item = accessItem(page, name);
  await expect(item.getByText('aktiv', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Protokoll' }).click();
  await expect(item.getByText('Zugangslink geöffnet')).toBeVisible();

  await item.getByRole('button', { name: 'Widerrufen' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Den Zugang für ${name} jetzt beenden?`);
  await dialog.getByRole('button', { name: 'Widerrufen' }).click();
  await expect(item.getByText('widerrufen', { exact: true })).toBeVisible();

  await companyPage.reload();
  await expect(
    companyPage.getByRole('heading', { level: 1, name: 'Geschützter Bereich' }),
  ).toBeVisible();
  await companyContext.close();
});

test("from the phone: a company's link with its letter and two sections, as the company finds it", async ({
  page,
  stack,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const taps = await registerOwner(page, stack);
  const messe = company();
  await page.getByLabel('Firma').fill(messe);
  const picker = page.getByRole('group', { name: 'Diese Firma sieht' });
  for (const section of ['BWD IMS', 'Überbetriebliche Kurse'])
    await picker.getByLabel(section).uncheck();
  const letter = Buffer.from(`%PDF-1.7\n% Motivationsschreiben für ${messe}\n%%EOF\n`);
  await page.getByLabel('Eigenes PDF (freiwillig)').setInputFiles({
    name: 'Motivationsschreiben Messe.pdf',
    mimeType: 'application/pdf',
    buffer: letter,
  });
  const before = await taps();
  await page.getByRole('button', { name: 'Link erstellen' }).click();
  const link = await page
    .getByRole('article', { name: `Zugang für ${messe}` })
    .getByRole('link')
    .textContent();
  const item = accessItem(page, messe);
  await expect(item.getByText('Bereiche: Bewerbung, GIBB')).toBeVisible();
  // The link, its sections and its first PDF: the phone asked once.
  expect((await taps()) - before).toBe(1);
  await expect(item.getByText('Motivationsschreiben Messe (1 KB)')).toBeVisible();
  // What every page of its PDFs will say, before the company opens one.
  await expect(
    item.getByRole('figure', { name: `Vorschau des Stempels für ${messe}` }),
  ).toContainText(stampLinePattern(messe));
  await expectAccessibleValidHtml(page, 'a link with its letter and sections (375 px)');
  const other = company();
  await page.getByLabel('Firma').fill(other);
  await page.getByRole('button', { name: 'Link erstellen' }).click();
  const otherLink = await page
    .getByRole('article', { name: `Zugang für ${other}` })
    .getByRole('link')
    .textContent();

  // The company opens its link on a phone of its own.
  const companyContext = await browser.newContext({ viewport: PHONE });
  const companyPage = await companyContext.newPage();
  await companyPage.goto(link!);
  await expect(
    companyPage.getByRole('heading', { level: 1, name: `Bewerbung für ${messe}` }),
  ).toBeVisible();
  await expect(companyPage.getByRole('heading', { level: 2 })).toHaveText([
    `Für ${messe}`,
    'Bewerbung',
    'GIBB',
  ]);
  await expect(companyPage.getByText(/^Protokolliert werden das Öffnen/)).toBeVisible();
  const downloaded = companyPage.waitForEvent('download');
  await fileRow(companyPage, 'Motivationsschreiben Messe')
    .getByRole('button', { name: 'Download' })
    .click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('Motivationsschreiben Messe.pdf');
  expect(await readFile(await download.path())).toEqual(letter);
  const zipped = companyPage.waitForEvent('download');
  await companyPage.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }).click();
  const entries = await unzip(await readFile(await (await zipped).path()));
  const chosen = manifestFiles(await readManifest(stack.documentsDir)).filter((file) =>
    ['Bewerbung', 'GIBB'].includes(file.section),
  );
  expect([...entries.keys()]).toEqual([
    'Motivationsschreiben Messe.pdf',
    ...chosen.map((file) => `${file.section}/${file.filename}`),
  ]);
  // Not a PDF pdf-lib can read: it goes out as it is. Every real one carries the company's name.
  expect(entries.get('Motivationsschreiben Messe.pdf')).toEqual(letter);
  for (const file of chosen) {
    const pages = await pdfPageTexts(entries.get(`${file.section}/${file.filename}`)!);
    const original = await pdfPageTexts(
      await readFile(path.join(stack.documentsDir, file.filename)),
    );
    expect(pages).toHaveLength(original.length);
    for (const page of pages) expect(page).toMatch(stampLinePattern(messe));
  }
  await expectAccessibleValidHtml(companyPage, "/protected through a company's link (375 px)");

  // Another company's link, on its own device: the shared sections, nothing of the first one's.
  const otherContext = await browser.newContext({ viewport: PHONE });
  const otherPage = await otherContext.newPage();
  await otherPage.goto(otherLink!);
  await expect(
    otherPage.getByRole('heading', { level: 1, name: `Bewerbung für ${other}` }),
  ).toBeVisible();
  await expect(otherPage.getByRole('heading', { level: 2 })).toHaveText([
    'Bewerbung',
    'BWD IMS',
    'GIBB',
    'Überbetriebliche Kurse',
  ]);
  await expect(otherPage.getByText('Motivationsschreiben Messe')).toHaveCount(0);
  await otherContext.close();

  await item.getByRole('button', { name: 'Widerrufen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Widerrufen' }).click();
  await expect(item.getByText('widerrufen', { exact: true })).toBeVisible();
  await expect(item.getByText('Motivationsschreiben Messe')).toHaveCount(0);
  await companyPage.reload();
  await expect(
    companyPage.getByRole('heading', { level: 1, name: 'Geschützter Bereich' }),
  ).toBeVisible();
  await companyContext.close();
});

test('a used setup link is refused, and a browser without the passkey cannot get in', async ({
  page,
  stack,
  guard,
}) => {
  guard.allow(expectedAnswer(401, '/api/owner/setup/options'));
  guard.allow(expectedAnswer(401, '/api/owner/login/verify'));
  const link = await setupLink(stack);
  await addVirtualAuthenticator(page);
  await page.goto(link);
  await page.getByRole('button', { name: 'Passkey für dieses Gerät einrichten' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Zugänge' })).toBeVisible();

  const again = await page.context().browser()!.newContext();
  const other = await again.newPage();
  await addVirtualAuthenticator(other);
  await other.goto(link);
  await other.getByRole('button', { name: 'Passkey für dieses Gerät einrichten' }).click();
  await expect(other.getByRole('alert')).toHaveText(REFUSED_SETUP);

  await other.goto('/verwaltung');
  await other.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  await expect(other.getByRole('alert')).toBeVisible();
  await expect(other.getByRole('heading', { level: 2, name: 'Zugänge' })).toHaveCount(0);
  await again.close();
});

test('another device is added and removed only with a tap on the passkey, each change mailed', async ({
  page,
  stack,
  browser,
  guard,
}) => {
  await registerOwner(page, stack);
  const labels = () => passkeyLabels(page);
  const mine = await labels();
  await page.getByRole('button', { name: 'Weiteres Gerät hinzufügen' }).click();
  const link = await page.getByText(/\/verwaltung#einrichten=/).textContent();
  const confirmedBy = mine.at(-1)!;
  await mailTo(stack, 'Einrichtungslink für ein weiteres Gerät erstellt', confirmedBy);

  const phone = await browser.newContext();
  const other = await phone.newPage();
  await addVirtualAuthenticator(other);
  await other.goto(link!);
  await other.getByRole('button', { name: 'Passkey für dieses Gerät einrichten' }).click();
  await expect(other.getByRole('heading', { level: 2, name: 'Zugänge' })).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  const added = (await labels()).filter((label) => !mine.includes(label));
  expect(added).toEqual([expect.stringMatching(/^Linux · Chrome, \d{1,2}\.\d{1,2}\.\d{4}/)]);
  await mailTo(stack, `Neuer Passkey für die Verwaltung: „${added[0]}“`);

  await page.getByRole('button', { name: `${added[0]} Entfernen` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Entfernen' }).click();
  await expect(page.getByRole('button', { name: `${added[0]} Entfernen` })).toHaveCount(0);
  await mailTo(stack, `Passkey „${added[0]}“ entfernt`, confirmedBy);

  // The other device's passkey signs in no more.
  guard.allow(expectedAnswer(401, '/api/owner/login/verify'));
  await other.reload();
  await other.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  await expect(other.getByRole('alert')).toHaveText('Anmeldung mit diesem Passkey nicht möglich.');
  await phone.close();
});

test("logging out ends the page's token on the server", async ({ page, stack, request }) => {
  await registerOwner(page, stack);
  await page.getByRole('button', { name: 'Logout' }).click();
  const signedIn = page.waitForResponse((answer) =>
    answer.url().endsWith('/api/owner/login/verify'),
  );
  await page.getByRole('button', { name: 'Mit Passkey anmelden' }).click();
  const { token } = (await (await signedIn).json()) as { token: string };
  const accesses = () =>
    request.get(`${ownerOrigin(stack)}/api/owner/accesses`, {
      headers: { Authorization: `Bearer ${token}` },
    });
  expect((await accesses()).status()).toBe(200);

  const loggedOut = page.waitForResponse((answer) => answer.url().endsWith('/api/owner/logout'));
  await page.getByRole('button', { name: 'Logout' }).click();
  expect((await loggedOut).status()).toBe(204);
  await expect(page.getByRole('button', { name: 'Mit Passkey anmelden' })).toBeVisible();
  expect((await accesses()).status()).toBe(401);
});

test("an applicant's token opens none of the owner's calls", async ({ request, stack }) => {
  const token = await requestToken(request, stack);
  const headers = { Authorization: `Bearer ${token}` };
  for (const [method, path] of [
    ['GET', '/api/owner/accesses'],
    ['POST', '/api/owner/accesses'],
    ['GET', '/api/owner/passkeys'],
    ['POST', '/api/owner/setup-links'],
  ] as const) {
    const response = await request.fetch(`${stack.baseUrl}${path}`, { method, headers, data: {} });
    expect(response.status(), `${method} ${path}`).toBe(401);
  }
});

test('the page is accessible in both themes, on a phone and a desktop', async ({ page, stack }) => {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/verwaltung');
    await expect(page.getByRole('button', { name: 'Mit Passkey anmelden' })).toBeVisible();
    await expect(page).toHaveTitle(/^Verwaltung – /);
    await expectAccessibleValidHtml(page, `signed out (${size.width} px)`);
  }
  await registerOwner(page, stack);
  await page.getByLabel('Firma').fill(company());
  await page.getByRole('button', { name: 'Link erstellen' }).click();
  await expect(page.getByRole('article')).toBeVisible();
  for (const theme of ['modern', 'classic'] as const) {
    if (theme === 'classic') {
      await page.getByRole('banner').getByRole('button', { name: 'Klassisch' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', 'classic');
    }
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await expectAccessibleValidHtml(page, `signed in, ${theme} (${size.width} px)`);
    }
  }
});
