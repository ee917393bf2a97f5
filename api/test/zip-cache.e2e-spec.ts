// What a visitor gets from GET /api/download-all when the cache folder or the
// documents are not what the last build left: always a whole, current archive.
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { binaryParser } from './support/binary';
import { copyDocuments } from './support/documents-fixture';
import { TestApp, loginToken, startTestApp } from './support/test-app';
import { unzip } from './support/unzip';

const DOSSIER = 'bewerbungsdossier.pdf';

async function downloadAll(app: TestApp): Promise<Buffer> {
  const response = await app
    .http()
    .get('/api/download-all')
    .set('Authorization', `Bearer ${await loginToken(app)}`)
    .buffer(true)
    .parse(binaryParser)
    .expect(200);
  return response.body as Buffer;
}

async function entryBytes(zip: Buffer, filename: string): Promise<Buffer | undefined> {
  const entries = await unzip(zip);
  return entries.find((entry) => entry.name.endsWith(`/${filename}`))?.bytes;
}

describe('the documents.zip cache when documents change behind its back', () => {
  let documents: Awaited<ReturnType<typeof copyDocuments>>;
  let testApp: TestApp;

  beforeEach(async () => {
    documents = await copyDocuments();
    testApp = await startTestApp({ DOCUMENTS_DIR: documents.dir });
  });
  afterEach(async () => {
    await testApp.close();
    await documents.remove();
  });

  it('sends the new bytes of a document rewritten with the same size and modification time', async () => {
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
});
