import { readFile, readdir, readlink, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { binaryParser } from './support/binary';
import { copyDocuments, readRepoManifest, REPO_DOCUMENTS_DIR } from './support/documents-fixture';
import { TestApp, loginToken, startTestApp } from './support/test-app';
import { unzip } from './support/unzip';

const STORED = 0;

async function openFilesUnder(folder: string): Promise<string[]> {
  const descriptors = await readdir('/proc/self/fd');
  const targets = await Promise.all(
    descriptors.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')),
  );
  return targets.filter((target) => target.startsWith(folder));
}

async function waitFor(condition: () => Promise<boolean>, attempts = 100): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

function downloadAll(app: TestApp, token: string) {
  return app
    .http()
    .get('/api/download-all')
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse(binaryParser)
    .expect(200);
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

describe('a client leaving in the middle of download-all', () => {
  it('aborts the zip, closes the open file and the API keeps serving', async () => {
    const documents = await copyDocuments();
    // Far larger than any socket buffer, so the client leaves while the zip is still being written.
    await writeFile(
      join(documents.dir, 'bewerbungsdossier.pdf'),
      Buffer.alloc(48 * 1024 * 1024, 7),
    );
    const testApp = await startTestApp({ DOCUMENTS_DIR: documents.dir });
    try {
      const token = await loginToken(testApp);
      const { port } = testApp.app.getHttpServer().address() as AddressInfo;
      const received = await new Promise<number>((resolve, reject) => {
        const request = get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/download-all',
            headers: { Authorization: `Bearer ${token}` },
          },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              request.destroy();
              resolve(chunk.length);
            });
          },
        );
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
      expect(received).toBeGreaterThan(0);

      const closed = await waitFor(async () => (await openFilesUnder(documents.dir)).length === 0);
      expect(closed).toBe(true);
      expect(
        await waitFor(async () => testApp.logger.text().includes('documents.zip aborted')),
      ).toBe(true);

      await testApp.http().get('/api/health').expect(200);
      const again = await downloadAll(testApp, token);
      expect((await unzip(again.body)).length).toBe(12);
    } finally {
      await testApp.close();
      await documents.remove();
    }
  });
});
