// A company's own PDFs kept exactly as promised (docs/product.md#personal-access-links):
// a start deletes only what the access store proves no link names, a letter whose bytes
// changed is withheld until the owner replaces it, an expired link's letters go after
// ACCESS_LETTER_GRACE, and the command line removes an ended link with its files, its log
// entries and its use.
import { readFile, readdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runAccessCommand } from '../src/access/access.cli';
import { getBytes } from './support/binary';
import { copyDocuments } from './support/documents-fixture';
import { OwnerPage, SITE, lettersOf, startOwnerPage } from './support/owner-page';
import { pdf } from './support/pdf';
import { scratchDir } from './support/scratch';
import { TestApp, startTestApp } from './support/test-app';
import { unzip } from './support/unzip';

const DAY_MS = 86_400_000;

describe("a company's own PDFs, kept as promised", () => {
  let dir: string;
  let page: OwnerPage;
  let testApp: TestApp;
  let owner: ReturnType<OwnerPage['as']>;

  const start = async (env = {}) => {
    page = await startOwnerPage(dir, env);
    testApp = page.testApp;
    owner = page.as((await page.register()).ownerToken);
  };
  /** A link with one PDF of its own, opened as the company opens it. */
  const company = async (name: string) => {
    const made = await owner.post('/api/owner/accesses', { name }).expect(201);
    const bytes = pdf(`Brief an ${name}`, 30_000);
    const letter = await owner
      .upload(`/api/owner/accesses/${made.body.id}/letters`, bytes, 'Brief')
      .expect(201);
    return {
      id: made.body.id as string,
      code: made.body.code as string,
      letter: letter.body,
      bytes,
    };
  };
  const open = async (code: string) =>
    (await page.post('/api/auth/access', { code }).expect(200)).body.token as string;
  const ownFiles = async (token: string) => {
    const groups = (
      await testApp.http().get('/api/documents').set('Authorization', `Bearer ${token}`).expect(200)
    ).body as Array<{ own?: true; files: Array<{ name: string }> }>;
    return groups.filter((group) => group.own).flatMap((group) => group.files.map((f) => f.name));
  };
  const zipNames = async (token: string) =>
    (await unzip((await getBytes(testApp, '/api/download-all', token).expect(200)).body)).map(
      (entry) => entry.name,
    );
  /** The access command as make runs it; rejects with its line when it refuses. */
  const ownerRun = (...args: string[]) => page.command(runAccessCommand, ...args);
  const letterPath = (id: string, letterId: string) => join(lettersOf(dir), id, `${letterId}.pdf`);
  const accessesFile = () => join(dir, 'accesses.json');
  const rewriteStore = async (change: (access: Record<string, unknown>) => void) => {
    const store = JSON.parse(await readFile(accessesFile(), 'utf8'));
    for (const access of store.accesses) change(access);
    await writeFile(accessesFile(), JSON.stringify(store));
  };

  beforeEach(async () => {
    dir = scratchDir('api-letters-kept-');
    await start();
  });
  afterEach(() => testApp?.close());

  it('are not deleted by a start with ACCESS_DIR at an empty folder, which says so in one line', async () => {
    const messe = await company('Messe AG');
    await testApp.close();
    const empty = scratchDir('api-empty-access-');
    const wrong = await startTestApp({
      ACCESS_DIR: empty,
      LETTERS_DIR: lettersOf(dir),
      SITE_URL: SITE,
      MAIL_SPOOL_DIR: join(empty, 'spool'),
    });
    const lines = wrong.logger.lines.filter((line) => line.includes('Own PDFs'));
    await wrong.close();
    expect(lines).toEqual([
      expect.stringMatching(/^ERROR .*Own PDFs: nothing removed: ACCESS_DIR \(/),
    ]);
    expect(lines[0]).toContain(
      `ACCESS_DIR (${empty}) holds no access beside 1 letter folder(s) in LETTERS_DIR; is ACCESS_DIR the right folder?`,
    );
    expect(await readFile(letterPath(messe.id, messe.letter.id))).toEqual(messe.bytes);
    // The right setting back: the company finds its letter.
    await start();
    expect(await ownFiles(await open(messe.code))).toEqual(['Brief']);
  });

  it('cut short, are left out of the list and the ZIP and are a 404, until replaced', async () => {
    const messe = await company('Messe AG');
    const token = await open(messe.code);
    await truncate(letterPath(messe.id, messe.letter.id), 10_000);
    expect(await ownFiles(token)).toEqual([]);
    expect(await zipNames(token)).not.toContain('Brief.pdf');
    await getBytes(testApp, `/api/letters/${messe.letter.id}`, token).expect(404);
    // Replaced on the owner's page, it is back under its new id.
    const replaced = await owner
      .upload(
        `/api/owner/accesses/${messe.id}/letters/${messe.letter.id}`,
        messe.bytes,
        'Brief',
        'put',
      )
      .expect(200);
    expect(await ownFiles(token)).toEqual(['Brief']);
    const sent = await getBytes(testApp, `/api/letters/${replaced.body.id}`, token).expect(200);
    expect(sent.body).toEqual(messe.bytes);
  });

  it('changed in place (same size), are found at start, withheld and shown damaged to the owner', async () => {
    const messe = await company('Messe AG');
    await testApp.close();
    const path = letterPath(messe.id, messe.letter.id);
    const changed = Buffer.from(messe.bytes);
    changed[20_000] ^= 0xff;
    await writeFile(path, changed);
    await start();
    const token = await open(messe.code);
    expect(await ownFiles(token)).toEqual([]);
    await getBytes(testApp, `/api/letters/${messe.letter.id}`, token).expect(404);
    const [listed] = (await owner.get('/api/owner/accesses').expect(200)).body;
    expect(listed.letters).toEqual([expect.objectContaining({ name: 'Brief', damaged: true })]);
    expect(testApp.logger.lines).toContainEqual(
      expect.stringMatching(/Own PDFs of access "Messe AG" not usable: Brief \(damaged\)/),
    );
  });

  it('of a store from before hashes get theirs at the first start, and nothing else changes', async () => {
    const messe = await company('Messe AG');
    await testApp.close();
    await rewriteStore((access) => {
      for (const letter of access.letters as Array<Record<string, unknown>>) delete letter.sha256;
    });
    const before = JSON.parse(await readFile(accessesFile(), 'utf8'));
    await start();
    const after = JSON.parse(await readFile(accessesFile(), 'utf8'));
    const [letter] = after.accesses[0].letters;
    expect(letter.sha256).toMatch(/^[0-9a-f]{64}$/);
    delete letter.sha256;
    expect(after).toEqual(before);
    expect(await ownFiles(await open(messe.code))).toEqual(['Brief']);
  });

  it('of a link expired longer than ACCESS_LETTER_GRACE are gone at the next start', async () => {
    const recent = await company('Messe AG');
    const old = await company('Kiosk AG');
    await testApp.close();
    await rewriteStore((access) => {
      const days = access.id === old.id ? 31 : 29;
      access.expiresAt = new Date(Date.now() - days * DAY_MS).toISOString();
    });
    await start();
    expect(await readdir(lettersOf(dir))).toEqual([recent.id]);
    const listed = (await owner.get('/api/owner/accesses').expect(200)).body as Array<{
      name: string;
      letters: unknown[];
    }>;
    expect(listed.map(({ name, letters }) => [name, letters.length]).sort()).toEqual([
      ['Kiosk AG', 0],
      ['Messe AG', 1],
    ]);
    expect(testApp.logger.lines).toContainEqual(
      expect.stringMatching(/Own PDFs of access "Kiosk AG" removed: expired /),
    );
  });

  it('of a link see exactly the sections chosen: one added to the manifest later is seen by no link', async () => {
    const documents = await copyDocuments();
    await testApp.close();
    await start({ DOCUMENTS_DIR: documents.dir });
    const messe = await company('Messe AG');
    await testApp.close();
    const manifestPath = join(documents.dir, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8'));
    manifest.push({ section: 'Neu', files: [{ name: 'Neu', filename: 'neu.pdf' }] });
    await writeFile(manifestPath, JSON.stringify(manifest));
    await writeFile(join(documents.dir, 'neu.pdf'), pdf('Neu'));
    await start({ DOCUMENTS_DIR: documents.dir });
    const groups = (
      await testApp
        .http()
        .get('/api/documents')
        .set('Authorization', `Bearer ${await open(messe.code)}`)
        .expect(200)
    ).body as Array<{ section: string }>;
    expect(groups.map((group) => group.section)).not.toContain('Neu');
    expect(groups.length).toBe(5);
  });

  it('of a store from before named sections: a link that saw every one sees those of the update, once', async () => {
    const messe = await company('Messe AG');
    await testApp.close();
    await rewriteStore((access) => delete access.sections);
    await start();
    const [stored] = JSON.parse(await readFile(accessesFile(), 'utf8')).accesses;
    expect(stored.sections).toEqual(['Bewerbung', 'BWD IMS', 'GIBB', 'Überbetriebliche Kurse']);
    expect(testApp.logger.lines).toContainEqual(
      expect.stringMatching(/Access "Messe AG" sees the sections there are now, by name/),
    );
    expect(await ownFiles(await open(messe.code))).toEqual(['Brief']);
  });

  it('go with their ended link when the command line removes it, with its log entries and use', async () => {
    const messe = await company('Messe AG');
    const kiosk = await company('Kiosk AG');
    await ownFiles(await open(messe.code));
    await ownFiles(await open(kiosk.code));
    const refused = ownerRun('remove', 'Messe AG');
    await expect(refused).rejects.toThrow(
      'Der Zugang „Messe AG“ gilt noch: zuerst widerrufen (make access-revoke).',
    );
    await ownerRun('revoke', 'Messe AG');
    expect(await ownerRun('remove', 'Messe AG')).toMatch(
      /^Zugang „Messe AG“ gelöscht, mit seinen eigenen PDFs;/,
    );
    expect(await readdir(lettersOf(dir))).toEqual([kiosk.id]);
    await testApp.close();
    await start();
    const log = await readFile(join(dir, 'access-log.jsonl'), 'utf8');
    expect(log).not.toContain('Messe AG');
    expect(log).toContain('Kiosk AG');
    const usage = JSON.parse(await readFile(join(dir, 'usage.json'), 'utf8'));
    expect(Object.keys(usage)).toEqual([kiosk.id]);
    expect(await page.command(runAccessCommand, 'list')).not.toContain('Messe AG');
  });
});
