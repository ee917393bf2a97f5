// What a visitor gets from GET /api/download-all when the cache folder or the
// documents are not what the last build left: always a whole, current archive.
import { readFile, readdir, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getBytes } from './support/binary';
import { copyDocuments, readRepoManifest, REPO_DOCUMENTS_DIR } from './support/documents-fixture';
import { scratchDir } from './support/scratch';
import { TestApp, TestEnv, loginToken, startTestApp } from './support/test-app';
import { unzip } from './support/unzip';

const DOSSIER = 'bewerbungsdossier.pdf';

async function downloadAll(app: TestApp): Promise<Buffer> {
  const response = await getBytes(app, '/api/download-all', await loginToken(app)).expect(200);
  return response.body as Buffer;
}

async function entryBytes(zip: Buffer, filename: string): Promise<Buffer | undefined> {
  const entries = await unzip(zip);
  return entries.find((entry) => entry.name.endsWith(`/${filename}`))?.bytes;
}

const archives = async (dir: string) =>
  (await readdir(dir)).filter((name) => name.endsWith('.zip'));

describe('the documents.zip cache when its folder or the documents change behind its back', () => {
  let documents: Awaited<ReturnType<typeof copyDocuments>>;
  let zipCacheDir: string;
  let testApp: TestApp | undefined;

  const start = async (env: TestEnv = {}) =>
    (testApp = await startTestApp({
      DOCUMENTS_DIR: documents.dir,
      ZIP_CACHE_DIR: zipCacheDir,
      ...env,
    }));

  beforeEach(async () => {
    documents = await copyDocuments();
    zipCacheDir = scratchDir('portfolio-zip-test-');
  });
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
    await documents.remove();
  });

  it('sends the new bytes of a document rewritten with the same size and modification time', async () => {
    const testApp = await start();
    const path = join(documents.dir, DOSSIER);
    // A whole second, so setting it back later restores it exactly.
    const kept = new Date('2024-03-01T08:00:00Z');
    await utimes(path, kept, kept);
    const before = await readFile(path);
    expect(await entryBytes(await downloadAll(testApp), DOSSIER)).toEqual(before);

    const rewritten = Buffer.from(before.map((byte) => byte ^ 0xff));
    await writeFile(path, rewritten);
    await utimes(path, kept, kept);
    expect((await stat(path)).size).toBe(before.length);

    expect(await entryBytes(await downloadAll(testApp), DOSSIER)).toEqual(rewritten);
  });

  it('rebuilds a cached archive cut short, says so once, and sends every file whole', async () => {
    const testApp = await start();
    const whole = await downloadAll(testApp);
    const [cached] = await archives(zipCacheDir);
    await truncate(join(zipCacheDir, cached), Math.floor(whole.length / 2));

    const entries = await unzip(await downloadAll(testApp));
    const manifest = await readRepoManifest();
    expect(entries.map((entry) => entry.name)).toEqual(
      manifest.flatMap((group) => group.files.map((file) => `${group.section}/${file.filename}`)),
    );
    for (const entry of entries)
      expect(entry.bytes).toEqual(await readFile(join(documents.dir, entry.name.split('/')[1])));
    await downloadAll(testApp);
    expect(testApp.logger.text().match(/damaged/g)).toHaveLength(1);
  });

  it('still has the archive promised to one visitor when a change made another one build', async () => {
    const testApp = await start({ DOCUMENTS_VIA_NGINX: 'true' });
    const token = await loginToken(testApp);
    const promise = async () => {
      const response = await testApp
        .http()
        .get('/api/download-all')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      return join(zipCacheDir, String(response.headers['x-accel-redirect']).split('/').pop()!);
    };
    const first = await promise();
    const changed = Buffer.from('%PDF-1.4 eine neue Fassung');
    await writeFile(join(documents.dir, DOSSIER), changed);
    const second = await promise();

    // What nginx would send for each answer, now that both have been given.
    expect(first).not.toBe(second);
    expect(await entryBytes(await readFile(first), DOSSIER)).toEqual(
      await readFile(join(REPO_DOCUMENTS_DIR, DOSSIER)),
    );
    expect(await entryBytes(await readFile(second), DOSSIER)).toEqual(changed);
  });

  it('removes on start what a build killed before it finished left behind', async () => {
    const left = '.documents-0123456789abcdef01234567.zip.0b7e1d2c.partial';
    await writeFile(join(zipCacheDir, left), 'PK\x03\x04 half an archive');
    const testApp = await start();
    expect(await readdir(zipCacheDir)).not.toContain(left);
    expect(testApp.logger.text()).toContain('removed 1 unfinished build');
    expect(await unzip(await downloadAll(testApp))).not.toHaveLength(0);
  });
});
