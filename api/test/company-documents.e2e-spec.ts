// What a company's link opens: its own PDFs first, then exactly the sections
// the owner chose, in the list, the single downloads and documents.zip; any
// other file (another company's, one of a section it does not see, a path
// that tries to climb out) the same 404 as a file that does not exist. The
// shared login sees the shared documents only.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runAccessCommand } from '../src/access/access.cli';
import { getBytes } from './support/binary';
import { readRepoManifest, REPO_DOCUMENTS_DIR } from './support/documents-fixture';
import { OwnerPage, lettersOf, startOwnerPage } from './support/owner-page';
import { realPdf } from './support/pdf';
import { pageTexts, pdfInfo } from './support/pdf-reader';
import { scratchDir } from './support/scratch';
import { TestApp, TestEnv, loginToken } from './support/test-app';
import { until } from './support/until';
import { unzip } from './support/unzip';

const NOT_FOUND = { statusCode: 404, message: 'Document not found' };

/** Every page of `sent` names the company, and it has as many pages as the original. */
function expectStamped(sent: Buffer, original: Buffer, company: string): void {
  const texts = pageTexts(sent);
  expect(texts).toHaveLength(Number(pdfInfo(original).Pages));
  const line = new RegExp(`${company} · Bewerbung / application · \\d\\d\\.\\d\\d\\.\\d{4}`);
  for (const text of texts) expect(text).toMatch(line);
}

interface Company {
  id: string;
  token: string;
  letter: { id: string; name: string };
  bytes: Buffer;
}

describe("a company's link", () => {
  let dir: string;
  let page: OwnerPage;
  let testApp: TestApp;
  let messe: Company;
  let kiosk: Company;
  let shared: string;

  /** A link made on the owner's page, its PDF uploaded, opened as the company would. */
  async function company(name: string, label: string, sections?: string[]): Promise<Company> {
    const owner = page.as((await page.register()).ownerToken);
    const made = await owner.post('/api/owner/accesses', { name, sections }).expect(201);
    const bytes = await realPdf([{ text: `${label} für ${name}` }]);
    const letter = await owner
      .upload(`/api/owner/accesses/${made.body.id}/letters`, bytes, label)
      .expect(201);
    const opened = await page.post('/api/auth/access', { code: made.body.code }).expect(200);
    // Its first use is mailed to the owner: written before the test goes on.
    await until(
      async () => (await page.mails()).some((mail) => mail.subject?.startsWith(`Zugang „${name}“`)),
      `the first-use mail of ${name}`,
    );
    return { id: made.body.id, token: opened.body.token, letter: letter.body, bytes };
  }

  const start = async (env: TestEnv = {}) => {
    dir = scratchDir('api-company-');
    page = await startOwnerPage(dir, env);
    testApp = page.testApp;
    messe = await company('Messe AG', 'Motivationsschreiben', ['Bewerbung', 'GIBB']);
    kiosk = await company('Kiosk AG', 'Brief an den Kiosk');
    shared = await loginToken(testApp);
  };
  const get = (path: string, token: string) => getBytes(testApp, path, token);
  const list = async (token: string) =>
    (await testApp.http().get('/api/documents').set('Authorization', `Bearer ${token}`).expect(200))
      .body as Array<{ section: string; own?: true; files: Array<{ filename: string }> }>;

  describe('answered by the API', () => {
    beforeAll(() => start());
    afterAll(() => testApp.close());

    it('lists its own PDF first, then only the sections chosen for it', async () => {
      const groups = await list(messe.token);
      expect(groups[0]).toEqual({
        section: 'Messe AG',
        own: true,
        files: [
          {
            name: 'Motivationsschreiben',
            filename: 'Motivationsschreiben.pdf',
            size: messe.bytes.length,
            id: messe.letter.id,
          },
        ],
      });
      expect(groups.slice(1).map((group) => group.section)).toEqual(['Bewerbung', 'GIBB']);
      const all = (await list(kiosk.token)).map((group) => group.section);
      expect(all).toEqual(['Kiosk AG', 'Bewerbung', 'BWD IMS', 'GIBB', 'Überbetriebliche Kurse']);
    });

    it('sends its own PDF under its name, and the documents of its sections, every page stamped with its name', async () => {
      const own = await get(`/api/letters/${messe.letter.id}`, messe.token).expect(200);
      expectStamped(own.body, messe.bytes, 'Messe AG');
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.headers['content-disposition']).toBe(
        `attachment; filename="Motivationsschreiben.pdf"; filename*=UTF-8''Motivationsschreiben.pdf`,
      );
      expect(own.headers['x-content-type-options']).toBe('nosniff');
      expect(own.headers['cache-control']).toBe('no-store');
      const [bewerbung, bwd, gibb] = await readRepoManifest();
      for (const { filename } of [...bewerbung.files, ...gibb.files]) {
        const response = await get(`/api/download/${encodeURIComponent(filename)}`, messe.token);
        expect(response.status).toBe(200);
        expectStamped(
          response.body,
          await readFile(join(REPO_DOCUMENTS_DIR, filename)),
          'Messe AG',
        );
      }
      for (const { filename } of bwd.files) {
        const refused = await get(`/api/download/${encodeURIComponent(filename)}`, messe.token);
        expect([refused.status, JSON.parse(refused.body.toString())]).toEqual([404, NOT_FOUND]);
        await get(`/api/download/${encodeURIComponent(filename)}`, kiosk.token).expect(200);
      }
    });

    it('gives the same bytes again, names the other company in its copy, and the originals once the owner switches the stamp off', async () => {
      const cv = `/api/download/${encodeURIComponent('bewerbungsdossier.pdf')}`;
      const first = (await get(cv, messe.token).expect(200)).body;
      expect((await get(cv, messe.token).expect(200)).body).toEqual(first);
      const other = (await get(cv, kiosk.token).expect(200)).body;
      expect(pageTexts(other)[0]).toContain('Kiosk AG · Bewerbung / application');
      expect(pageTexts(other)[0]).not.toContain('Messe AG');
      const original = await readFile(join(REPO_DOCUMENTS_DIR, 'bewerbungsdossier.pdf'));
      expect((await get(cv, shared).expect(200)).body).toEqual(original);

      const owner = page.as((await page.register()).ownerToken);
      await owner.put(`/api/owner/accesses/${kiosk.id}/stamp`, { on: false }).expect(204);
      expect((await get(cv, kiosk.token).expect(200)).body).toEqual(original);
      const letter = await get(`/api/letters/${kiosk.letter.id}`, kiosk.token).expect(200);
      expect(letter.body).toEqual(kiosk.bytes);
      await owner.put(`/api/owner/accesses/${kiosk.id}/stamp`, { on: true }).expect(204);
      expect((await get(cv, kiosk.token).expect(200)).body).toEqual(other);
    });

    it.each([
      ["the other company's file id", () => `/api/letters/${kiosk.letter.id}`],
      [
        "the other company's folder and file",
        () => `/api/letters/${kiosk.id}%2F${kiosk.letter.id}.pdf`,
      ],
      ['a path with ..', () => `/api/letters/..%2F${kiosk.id}%2F${kiosk.letter.id}.pdf`],
      [
        'an encoded slash into the documents',
        () => `/api/download/..%2F..%2Fletters%2F${kiosk.id}`,
      ],
      ['its own file id with a dot', () => `/api/letters/${messe.letter.id}.pdf`],
      ['the access store', () => '/api/letters/..%2F..%2Faccess%2Faccesses.json'],
    ])('answers %s with the 404 of a missing file', async (_case, path) => {
      const refused = await get(path(), messe.token);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.body.toString())).toEqual(NOT_FOUND);
      expect(refused.body.includes(kiosk.bytes.subarray(0, 40))).toBe(false);
    });

    it("gives the shared login the shared documents only, never a company's PDF", async () => {
      const groups = await list(shared);
      expect(groups.map((group) => group.section)).toEqual([
        'Bewerbung',
        'BWD IMS',
        'GIBB',
        'Überbetriebliche Kurse',
      ]);
      expect(groups.some((group) => group.own)).toBe(false);
      for (const { letter } of [messe, kiosk]) {
        const refused = await get(`/api/letters/${letter.id}`, shared).expect(404);
        expect(JSON.parse(refused.body.toString())).toEqual(NOT_FOUND);
      }
      const entries = await unzip((await get('/api/download-all', shared).expect(200)).body);
      expect(entries.some((entry) => !entry.name.includes('/'))).toBe(false);
    });

    it('puts exactly its own PDF and its sections into documents.zip', async () => {
      const manifest = await readRepoManifest();
      const zip = async (company: Company) =>
        unzip((await get('/api/download-all', company.token).expect(200)).body);
      const entries = await zip(messe);
      const expected = manifest
        .filter((group) => ['Bewerbung', 'GIBB'].includes(group.section))
        .flatMap((group) => group.files.map((file) => `${group.section}/${file.filename}`));
      expect(entries.map((entry) => entry.name)).toEqual(['Motivationsschreiben.pdf', ...expected]);
      for (const entry of entries)
        expectStamped(
          entry.bytes,
          entry === entries[0]
            ? messe.bytes
            : await readFile(join(REPO_DOCUMENTS_DIR, entry.name.split('/')[1])),
          'Messe AG',
        );
      const other = (await zip(kiosk)).map((entry) => entry.name);
      expect(other[0]).toBe('Brief an den Kiosk.pdf');
      expect(other).not.toContain('Motivationsschreiben.pdf');
    });

    it('logs its own PDF by its name, as the shared ones, and mails the first use once', async () => {
      await get(`/api/letters/${messe.letter.id}?intent=open`, messe.token).expect(200);
      const logged = async () =>
        (
          JSON.parse(
            await page.command(runAccessCommand, 'log', '--json', '--', 'Messe AG'),
          ) as Array<{ what: string }>
        ).map((entry) => entry.what);
      // The API logs a file it sent itself once the connection has let go of the last byte.
      await until(
        async () => (await logged()).includes('Dokument geöffnet: Motivationsschreiben.pdf'),
        'the opened PDF in the log',
      );
      expect(await logged()).toContain('Dokument heruntergeladen: Motivationsschreiben.pdf');
      const firstUse = (await page.mails()).filter((mail) =>
        mail.subject?.startsWith('Zugang „Messe AG“ zum ersten Mal benutzt'),
      );
      expect(firstUse).toHaveLength(1);
    });

    it('loses its PDF and its session when the owner revokes it', async () => {
      const owner = page.as((await page.register()).ownerToken);
      await owner.delete(`/api/owner/accesses/${kiosk.id}`).expect(204);
      await get(`/api/letters/${kiosk.letter.id}`, kiosk.token).expect(401);
      await get(`/api/letters/${messe.letter.id}`, messe.token).expect(200);
    });
  });

  describe('behind nginx', () => {
    beforeAll(() => start({ DOCUMENTS_VIA_NGINX: 'true' }));
    afterAll(() => testApp.close());

    it("names its own PDF's stamped copy for nginx, with the owner's label as its name", async () => {
      const own = await get(`/api/letters/${messe.letter.id}`, messe.token).expect(200);
      expect(own.body).toHaveLength(0);
      // In the stamp cache, in a folder of its link's own.
      expect(own.headers['x-accel-redirect']).toMatch(
        /^\/_protected\/stamped\/[\w-]+\/[\w-]+\.[\w-]+\.pdf$/,
      );
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.headers['content-disposition']).toContain('filename="Motivationsschreiben.pdf"');
      expect(await readFile(join(lettersOf(dir), messe.id, `${messe.letter.id}.pdf`))).toEqual(
        messe.bytes,
      );
      await get(`/api/letters/${kiosk.letter.id}`, messe.token).expect(404);
    });
  });
});
