import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getBytes } from './support/binary';
import { copyDocuments, readRepoManifest, REPO_DOCUMENTS_DIR } from './support/documents-fixture';
import { scratchDir } from './support/scratch';
import { TestApp, loginToken, startTestApp } from './support/test-app';
import { unzip } from './support/unzip';

const STORED = 0;

function downloadAll(app: TestApp, token: string) {
  return getBytes(app, '/api/download-all', token).expect(200);
}

describe('GET /api/download-all', () => {
  let testApp: TestApp;
  let token: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    token = await loginToken(testApp);
  });
  afterAll(() => testApp.close());

  it('streams documents.zip with a folder per group and every file byte for byte, stored', async () => {
    const response = await downloadAll(testApp, token);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('filename="documents.zip"');
    expect(response.headers['cache-control']).toBe('no-store');

    const entries = await unzip(response.body);
    const manifest = await readRepoManifest();
    const expectedNames = manifest.flatMap((group) =>
      group.files.map((file) => `${group.section}/${file.filename}`),
    );
    expect(entries.map((entry) => entry.name)).toEqual(expectedNames);
    for (const entry of entries) {
      const onDisk = await readFile(join(REPO_DOCUMENTS_DIR, entry.name.split('/')[1]));
      expect(Buffer.compare(entry.bytes, onDisk)).toBe(0);
      expect(entry.compressionMethod).toBe(STORED);
    }
  });
});

describe('the documents.zip cache', () => {
  const tokenHeader = (token: string) => ({ Authorization: `Bearer ${token}` });

  it('builds once for visitors asking at once, sends a known size, and rebuilds after a change', async () => {
    const documents = await copyDocuments();
    const zipCacheDir = scratchDir('portfolio-zip-test-');
    const testApp = await startTestApp({
      DOCUMENTS_DIR: documents.dir,
      ZIP_CACHE_DIR: zipCacheDir,
    });
    try {
      const token = await loginToken(testApp);
      const [first, second] = await Promise.all([
        downloadAll(testApp, token),
        downloadAll(testApp, token),
      ]);
      expect(first.headers['content-length']).toBe(String(first.body.length));
      expect(Buffer.compare(first.body, second.body)).toBe(0);
      expect(testApp.logger.text().match(/documents\.zip built/g)).toHaveLength(1);
      await downloadAll(testApp, token);
      expect(testApp.logger.text().match(/documents\.zip built/g)).toHaveLength(1);

      const changed = Buffer.from('%PDF-1.4 eine neue Fassung');
      await writeFile(join(documents.dir, 'bewerbungsdossier.pdf'), changed);
      const after = await unzip((await downloadAll(testApp, token)).body);
      const dossier = after.find((entry) => entry.name.endsWith('/bewerbungsdossier.pdf'));
      expect(Buffer.compare(dossier?.bytes ?? Buffer.alloc(0), changed)).toBe(0);
      expect(testApp.logger.text().match(/documents\.zip built/g)).toHaveLength(2);
      // The earlier archive stays for visitors it was just promised to.
      expect((await readdir(zipCacheDir)).filter((name) => name.endsWith('.zip'))).toHaveLength(2);
    } finally {
      await testApp.close();
      await documents.remove();
    }
  });

  it('answers with X-Accel-Redirect to the internal locations behind nginx, with the headers nginx keeps', async () => {
    const zipCacheDir = scratchDir('portfolio-zip-test-');
    const testApp = await startTestApp({ DOCUMENTS_VIA_NGINX: 'true', ZIP_CACHE_DIR: zipCacheDir });
    try {
      const token = await loginToken(testApp);
      const file = await testApp
        .http()
        .get('/api/download/uek-106.pdf')
        .set(tokenHeader(token))
        .expect(200);
      expect(file.headers['x-accel-redirect']).toBe('/_protected/documents/uek-106.pdf');
      expect(file.headers['content-disposition']).toContain('filename="uek-106.pdf"');
      expect(file.headers['cache-control']).toBe('no-store');
      expect(file.text ?? '').toBe('');
      const zip = await testApp.http().get('/api/download-all').set(tokenHeader(token)).expect(200);
      expect(zip.headers['x-accel-redirect']).toMatch(
        /^\/_protected\/zip\/documents-[0-9a-f]+\.zip$/,
      );
      expect(zip.headers['content-disposition']).toContain('filename="documents.zip"');
      await testApp
        .http()
        .get('/api/download/../manifest.json')
        .set(tokenHeader(token))
        .expect(404);
      await testApp.http().get('/api/download/uek-106.pdf').expect(401);
      await testApp.http().get('/api/download-all').expect(401);
    } finally {
      await testApp.close();
    }
  });
});
