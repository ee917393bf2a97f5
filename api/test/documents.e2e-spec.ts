import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DocumentGroup } from '../src/manifest/manifest';
import { copyDocuments, readRepoManifest, REPO_DOCUMENTS_DIR } from './support/documents-fixture';
import { getBytes } from './support/binary';
import { TestApp, loginToken, startTestApp } from './support/test-app';

describe('documents from the repository manifest', () => {
  let testApp: TestApp;
  let token: string;
  let manifest: DocumentGroup[];

  beforeAll(async () => {
    manifest = await readRepoManifest();
    testApp = await startTestApp();
    token = await loginToken(testApp);
  });
  afterAll(() => testApp.close());

  const get = (path: string) => getBytes(testApp, path, token);

  it('has the four groups of the specification with 1, 2, 3 and 6 files', () => {
    expect(manifest.map((group) => [group.section, group.files.length])).toEqual([
      ['Bewerbung', 1],
      ['BWD IMS', 2],
      ['GIBB', 3],
      ['Überbetriebliche Kurse', 6],
    ]);
  });

  it('lists every group with names, file names and sizes', async () => {
    const response = await testApp
      .http()
      .get('/api/documents')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const expected = await Promise.all(
      manifest.map(async (group) => ({
        section: group.section,
        files: await Promise.all(
          group.files.map(async (file) => ({
            ...file,
            size: (await readFile(join(REPO_DOCUMENTS_DIR, file.filename))).length,
          })),
        ),
      })),
    );
    expect(response.body).toEqual(expected);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves every listed file byte for byte as a PDF with an RFC 6266 file name', async () => {
    for (const file of manifest.flatMap((group) => group.files)) {
      const response = await get(`/api/download/${encodeURIComponent(file.filename)}`).expect(200);
      const onDisk = await readFile(join(REPO_DOCUMENTS_DIR, file.filename));
      expect(Buffer.compare(response.body, onDisk)).toBe(0);
      expect(response.body.subarray(0, 5).toString()).toBe('%PDF-');
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-length']).toBe(String(onDisk.length));
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${file.filename}"; filename*=UTF-8''${file.filename}`,
      );
    }
  });

  it.each([
    ['a name not in the manifest', 'lebenslauf.pdf'],
    ['the manifest itself', 'manifest.json'],
    ['a name differing only in case', 'Bewerbungsdossier.pdf'],
    ['an encoded parent path', '..%2Fpackage.json'],
    ['an encoded parent path into documents', '..%2Fdocuments%2Fbewerbungsdossier.pdf'],
    ['fully encoded dots and slash', '%2e%2e%2fpackage.json'],
    ['a double-encoded parent path', '%252e%252e%252fpackage.json'],
    ['an absolute path', '%2Fetc%2Fpasswd'],
    ['a backslash path', '..%5Cpackage.json'],
    ['a NUL byte', 'bewerbungsdossier.pdf%00.txt'],
    ['a dot', '.'],
    ['a file name with a trailing space', 'bewerbungsdossier.pdf%20'],
  ])('refuses %s with 404 and sends no file', async (_case, encoded) => {
    const response = await testApp
      .http()
      .get(`/api/download/${encoded}`)
      .set('Authorization', `Bearer ${token}`)
      .expect(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ statusCode: 404, message: 'Document not found' });
  });

  it.each(['/api/download/../package.json', '/api/download/..%2F..%2F..%2Fetc%2Fpasswd'])(
    'never serves a byte of another file for %s',
    async (path) => {
      const response = await testApp.http().get(path).set('Authorization', `Bearer ${token}`);
      expect([400, 404]).toContain(response.status);
      expect(response.text).not.toContain('"workspaces"');
      expect(response.text).not.toContain('root:');
    },
  );

  it('logs refused downloads with the client address', async () => {
    await testApp.http().get('/api/download/geheim.pdf').set('Authorization', `Bearer ${token}`);
    expect(testApp.logger.text()).toContain(
      'Download refused for 127.0.0.1: "geheim.pdf" is not in the manifest',
    );
  });
});

describe('documents missing on disk', () => {
  it('are left out of the list, answered with 404 and logged', async () => {
    const documents = await copyDocuments();
    await rm(join(documents.dir, 'bewerbungsdossier.pdf'));
    await writeFile(join(documents.root, 'secret.txt'), 'outside the documents folder');
    const testApp = await startTestApp({ DOCUMENTS_DIR: documents.dir });
    try {
      const token = await loginToken(testApp);
      const list = await testApp
        .http()
        .get('/api/documents')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      const sections = list.body.map((group: DocumentGroup) => group.section);
      expect(sections).toEqual(['BWD IMS', 'GIBB', 'Überbetriebliche Kurse']);
      await testApp
        .http()
        .get('/api/download/bewerbungsdossier.pdf')
        .set('Authorization', `Bearer ${token}`)
        .expect(404);
      const outside = await testApp
        .http()
        .get('/api/download/..%2Fsecret.txt')
        .set('Authorization', `Bearer ${token}`)
        .expect(404);
      expect(outside.text).not.toContain('outside the documents folder');
      expect(testApp.logger.text()).toContain(
        'Listed in the manifest but missing on disk: bewerbungsdossier.pdf',
      );
    } finally {
      await testApp.close();
      await documents.remove();
    }
  });
});
