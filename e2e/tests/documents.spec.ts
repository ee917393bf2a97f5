// The protected documents page: every file opens in a new tab and downloads
// with its name and bytes, the ZIP holds every file, failures alert in the
// page's language, and a token the API refuses leads back to the gate.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unzip } from '@portfolio/stack';
import { blobBehind, spyOnObjectUrls } from '../support/blob-spy';
import {
  expiredToken,
  fileRow,
  manifestFiles,
  readManifest,
  readManifestSync,
  tamperedToken,
} from '../support/documents';
import { expect, openWithSession, storedSession, test } from '../support/fixtures';
import { LANGUAGES } from '../support/languages';
import { expectedAnswer, type PageGuard } from '../support/page-guard';
import { ZIP_FILE_NAME } from '../support/site';
import type { Page } from '@playwright/test';

/** The download calls of `paths` answered with `status` (the guard told); the alerts shown. */
async function answerDownloads(
  page: Page,
  guard: PageGuard,
  paths: string[],
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Promise<string[]> {
  for (const url of paths) guard.allow(expectedAnswer(status, url));
  await page.route(/\/api\/download(-all|\/)/, (route) =>
    route.fulfill({ status, headers, json: { statusCode: status, message } }),
  );
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  return alerts;
}

for (const t of LANGUAGES) {
  test(`lists the groups of the manifest with their files (${t.code})`, async ({
    page,
    token,
    stack,
  }) => {
    const groups = await readManifest(stack.documentsDir);
    await openWithSession(page, token, t.path('/protected'));
    await expect(page.getByRole('heading', { level: 1, name: t.welcome })).toBeVisible();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      groups.map((group) => group.section),
    );
    for (const group of groups) {
      const region = page.getByRole('region', { name: group.section });
      await expect(region.getByRole('listitem')).toHaveCount(group.files.length);
    }
    await expect(page.getByRole('button', { name: t.zip })).toBeEnabled();
  });

  test(`a failed open, download or ZIP says so in an alert in the page's language (${t.code})`, async ({
    page,
    token,
    stack,
    guard,
  }) => {
    const [file] = manifestFiles(await readManifest(stack.documentsDir));
    const failing = [
      `/api/download/${file.filename}?intent=open`,
      `/api/download/${file.filename}`,
      '/api/download-all',
    ];
    const alerts = await answerDownloads(page, guard, failing, 500, 'Internal server error');
    await openWithSession(page, token, t.path('/protected'));
    await fileRow(page, file.name).getByRole('button', { name: t.open }).click();
    await expect.poll(() => alerts).toEqual([t.openFailed]);
    await fileRow(page, file.name).getByRole('button', { name: 'Download' }).click();
    await expect.poll(() => alerts).toEqual([t.openFailed, t.downloadFailed]);
    await page.getByRole('button', { name: t.zip }).click();
    await expect.poll(() => alerts).toEqual([t.openFailed, t.downloadFailed, t.zipFailed]);
  });

  test(`a 503 while a company's copies are stamped asks to try again shortly (${t.code})`, async ({
    page,
    token,
    stack,
    guard,
  }) => {
    const [file] = manifestFiles(await readManifest(stack.documentsDir));
    const busy = [`/api/download/${file.filename}`, '/api/download-all'];
    const alerts = await answerDownloads(
      page,
      guard,
      busy,
      503,
      'The documents are being prepared: try again shortly',
      { 'Retry-After': '30' },
    );
    await openWithSession(page, token, t.path('/protected'));
    await fileRow(page, file.name).getByRole('button', { name: 'Download' }).click();
    await expect.poll(() => alerts).toEqual([t.busy]);
    await page.getByRole('button', { name: t.zip }).click();
    await expect.poll(() => alerts).toEqual([t.busy, t.busy]);
  });
}

// One test per group, so the two workers share the PDF viewer's work.
for (const group of readManifestSync()) {
  test(`every file of "${group.section}" opens as a PDF in a new tab`, async ({
    page,
    token,
    stack,
    guard,
  }) => {
    // Closing a tab cancels its PDF viewer's read of the blob.
    guard.allow(/^failed request: blob:\S+ \(net::ERR_ABORTED\)$/);
    await spyOnObjectUrls(page);
    await openWithSession(page, token, '/protected');
    for (const file of group.files) {
      const popupOpened = page.waitForEvent('popup');
      await fileRow(page, file.name).getByRole('button', { name: 'Öffnen' }).click();
      const popup = await popupOpened;
      await popup.waitForURL(/^blob:/);
      await popup.waitForLoadState();
      expect(await popup.evaluate(() => document.contentType), file.filename).toBe(
        'application/pdf',
      );
      const blob = await blobBehind(page, popup.url());
      expect(blob.type).toBe('application/pdf');
      const original = await readFile(path.join(stack.documentsDir, file.filename));
      expect(blob.bytes.equals(original), file.filename).toBe(true);
      await popup.close();
    }
  });
}

test('every file downloads under its name with the same bytes', async ({ page, token, stack }) => {
  const files = manifestFiles(await readManifest(stack.documentsDir));
  await openWithSession(page, token, '/protected');
  for (const file of files) {
    const downloaded = page.waitForEvent('download');
    await fileRow(page, file.name).getByRole('button', { name: 'Download' }).click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(file.filename);
    const bytes = await readFile(await download.path());
    expect(bytes.equals(await readFile(path.join(stack.documentsDir, file.filename)))).toBe(true);
  }
});

for (const t of LANGUAGES) {
  test(`the ZIP downloads as documents.zip and holds every file (${t.code})`, async ({
    page,
    token,
    stack,
    guard,
  }) => {
    // The app reads the ZIP as a stream to show progress. Chromium may report such a
    // request as aborted when the stream ends before its own completion notice; the
    // bytes below prove the download complete.
    guard.allow(/^failed request: \S+\/api\/download-all \(net::ERR_ABORTED\)$/);
    const files = manifestFiles(await readManifest(stack.documentsDir));
    await openWithSession(page, token, t.path('/protected'));
    // A slow line (4 KB/s) so the sample ZIP takes seconds and its progress can be read.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 4000,
      uploadThroughput: -1,
    });
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: t.zip }).click();
    await expect(page.getByRole('button', { name: t.zipLoading })).toBeVisible();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(ZIP_FILE_NAME);
    const entries = await unzip(await readFile(await download.path()));
    expect(entries.size).toBe(files.length);
    const byName = new Map(
      [...entries].map(([entry, bytes]) => [path.posix.basename(entry), bytes]),
    );
    for (const file of files) {
      const original = await readFile(path.join(stack.documentsDir, file.filename));
      expect(byName.get(file.filename)?.equals(original), file.filename).toBe(true);
    }
    await expect(page.getByRole('button', { name: t.zip })).toBeEnabled();
  });
}

test.describe('a token the API refuses leads back to the gate', () => {
  const cases = [
    {
      name: 'expired',
      make: (_token: string, secret: string) => expiredToken(secret, 'bewerbung'),
    },
    { name: 'tampered', make: (token: string) => tamperedToken(token) },
  ];
  for (const { name, make } of cases) {
    test(`${name} token`, async ({ page, token, stack, guard }) => {
      guard.allow(expectedAnswer(401, '/api/documents'));
      await openWithSession(page, make(token, stack.jwtSecret), '/protected');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Geschützter Bereich' }),
      ).toBeVisible();
      await expect(page.getByRole('form', { name: 'Anmeldung' })).toBeVisible();
      expect(await storedSession(page)).toEqual({ isAuthenticated: null, token: null });
    });
  }
});
