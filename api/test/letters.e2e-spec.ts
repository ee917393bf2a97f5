// A company's own PDFs on the owner's page and the command line: who may
// upload, what is refused (in one line, leaving nothing on disk), where the
// file lies and under which name, replacing, removing, revoking, and what
// the start says of a missing or damaged one.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runAccessCommand } from '../src/access/access.cli';
import { LETTER_MAX_BYTES } from '../src/letters/letter-limits';
import { CONFIRMATION_HEADER, letterTarget } from '../src/owner/change-targets';
import { OwnerPage, Registered, lettersOf, startOwnerPage } from './support/owner-page';
import { pdf } from './support/pdf';
import { scratchDir } from './support/scratch';
import { TestApp, loginToken } from './support/test-app';

const NOT_PDF = { statusCode: 415, message: 'Das ist keine PDF-Datei.' };
const TOO_BIG = { statusCode: 413, message: 'Die Datei ist grösser als 10 MB.' };

/** Every file below a folder, by its path inside it. */
async function filesIn(folder: string): Promise<string[]> {
  const names = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return names
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1))
    .sort();
}

describe("a company's own PDFs", () => {
  let dir: string;
  let page: OwnerPage;
  let testApp: TestApp;
  let owner: ReturnType<OwnerPage['as']>;
  let registered: Registered;

  const start = async () => {
    page = await startOwnerPage(dir);
    testApp = page.testApp;
    registered = await page.register();
    owner = page.as(registered.ownerToken);
  };
  const newAccess = async (name: string, sections?: string[]) =>
    (await owner.post('/api/owner/accesses', { name, sections }).expect(201)).body as {
      id: string;
      code: string;
    };
  const letters = (id: string) => `/api/owner/accesses/${id}/letters`;

  beforeEach(async () => {
    dir = scratchDir('api-letters-');
    await start();
  });
  afterEach(() => testApp?.close());

  it('are stored under names of the site, listed on the page, and removed with their link', async () => {
    const { id } = await newAccess('Messe AG');
    const bytes = pdf('Motivationsschreiben für die Messe AG', 40_000);
    const added = await owner.upload(letters(id), bytes, '../../Motivationsschreiben.pdf');
    expect(added.status).toBe(400);
    const made = await owner.upload(letters(id), bytes, 'Motivationsschreiben.pdf').expect(201);
    expect(made.body).toEqual({
      id: expect.stringMatching(/^[\w-]{12}$/),
      name: 'Motivationsschreiben',
      size: bytes.length,
      addedAt: expect.any(String),
      damaged: false,
    });
    // The file's name is the store's, never the uploaded one.
    expect(await filesIn(lettersOf(dir))).toEqual([`${id}/${made.body.id}.pdf`]);
    expect(await readFile(join(lettersOf(dir), id, `${made.body.id}.pdf`))).toEqual(bytes);

    const [listed] = (await owner.get('/api/owner/accesses').expect(200)).body;
    expect(listed.letters).toEqual([made.body]);
    expect(await page.command(runAccessCommand, 'list')).toMatch(
      /^Messe AG +Bewerbung, BWD IMS, GIBB, Überbetriebliche Kurse +Motivationsschreiben \(39 KB\)$/m,
    );

    await owner.delete(`/api/owner/accesses/${id}`).expect(204);
    expect(await filesIn(lettersOf(dir))).toEqual([]);
    const [revoked] = (await owner.get('/api/owner/accesses').expect(200)).body;
    expect(revoked).toMatchObject({ state: 'revoked', letters: [] });
  });

  it('refuse what is not a PDF, too big or one too many, in one line, leaving nothing', async () => {
    const { id } = await newAccess('Messe AG');
    const refused = async (bytes: Buffer, expected: object, name = 'Brief') => {
      const answer = await owner.upload(letters(id), bytes, name);
      expect(answer.body).toEqual(expected);
      expect(await filesIn(lettersOf(dir))).toEqual([]);
    };
    await refused(Buffer.from('<html><script>alert(1)</script></html>'), NOT_PDF, 'brief.pdf');
    // Cut short: the start of a PDF without its end.
    await refused(pdf('Brief', 5_000).subarray(0, 4_000), NOT_PDF);
    await refused(Buffer.alloc(0), NOT_PDF);
    await refused(pdf('zu gross', LETTER_MAX_BYTES + 1), TOO_BIG);

    // Sent without its length (confirmed as such): refused once the limit is passed, while
    // it is being read.
    const { port } = testApp.app.getHttpServer().address() as AddressInfo;
    const endless = letterTarget(id, { name: 'Endlos', size: -1 });
    const { ownerToken, authenticator } = registered;
    const tap = await page.confirm(ownerToken, authenticator, 'add-letter', endless);
    const streamed = await new Promise<{ status?: number; body: string }>((resolve, reject) => {
      const upload = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${letters(id)}?name=Endlos`,
          headers: {
            Authorization: owner.authorization,
            'Content-Type': 'application/pdf',
            'Transfer-Encoding': 'chunked',
            [CONFIRMATION_HEADER]: Buffer.from(JSON.stringify(tap)).toString('base64url'),
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode, body }));
        },
      );
      upload.on('error', reject);
      const chunk = Buffer.alloc(256 * 1024, 0x20);
      upload.write(pdf('Anfang'));
      for (let sent = 0; sent <= LETTER_MAX_BYTES; sent += chunk.length) upload.write(chunk);
      upload.end();
    });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual(TOO_BIG);
    expect(await filesIn(lettersOf(dir))).toEqual([]);

    for (const name of ['Brief', 'Zeugnis', 'Referenz'])
      await owner.upload(letters(id), pdf(name), name).expect(201);
    const fourth = await owner.upload(letters(id), pdf('Vierte'), 'Vierte');
    expect(fourth.body).toEqual({
      statusCode: 409,
      message: '„Messe AG“ hat schon 3 eigene Dateien: zuerst eine entfernen oder ersetzen.',
    });
    expect(await filesIn(lettersOf(dir))).toHaveLength(3);
  });

  it('refuse a name with a slash or a leading dot, one the link has already, and a link that ended', async () => {
    const { id } = await newAccess('Messe AG');
    const SLASH =
      'Die Bezeichnung darf keinen Schrägstrich, keinen Punkt am Anfang und keine Steuerzeichen enthalten.';
    for (const name of ['a/b', 'a\\b', '.versteckt', 'Brief\u202e'])
      expect((await owner.upload(letters(id), pdf('x'), name)).body).toEqual({
        statusCode: 400,
        message: SLASH,
      });
    await owner.upload(letters(id), pdf('Brief'), 'Brief').expect(201);
    expect((await owner.upload(letters(id), pdf('Brief 2'), 'brief.PDF')).body).toEqual({
      statusCode: 409,
      message:
        '„Messe AG“ hat schon eine Datei „brief“: sie ersetzen oder einen anderen Namen wählen.',
    });
    await owner.upload(letters('unbekannt'), pdf('x'), 'x').expect(404);
    await owner.delete(`/api/owner/accesses/${id}`).expect(204);
    expect((await owner.upload(letters(id), pdf('x'), 'x')).body).toEqual({
      statusCode: 409,
      message: 'Der Zugang „Messe AG“ gilt nicht mehr: eigene Dateien nur für gültige Zugänge.',
    });
    expect(await filesIn(lettersOf(dir))).toEqual([]);
  });

  it('are replaced and removed by the owner, the old bytes gone', async () => {
    const { id } = await newAccess('Messe AG');
    const first = (await owner.upload(letters(id), pdf('alt'), 'Brief').expect(201)).body;
    const second = (await owner.upload(letters(id), pdf('Zeugnis'), 'Zeugnis').expect(201)).body;
    const newer = pdf('neu, länger');
    const replaced = await owner
      .upload(`${letters(id)}/${first.id}`, newer, 'Motivationsschreiben', 'put')
      .expect(200);
    expect(replaced.body).toMatchObject({ name: 'Motivationsschreiben', size: newer.length });
    const [listed] = (await owner.get('/api/owner/accesses').expect(200)).body;
    // In the old one's place.
    expect(listed.letters.map((letter: { name: string }) => letter.name)).toEqual([
      'Motivationsschreiben',
      'Zeugnis',
    ]);
    expect(await filesIn(lettersOf(dir))).toEqual(
      [`${id}/${replaced.body.id}.pdf`, `${id}/${second.id}.pdf`].sort(),
    );
    await owner.upload(`${letters(id)}/${first.id}`, pdf('x'), 'x', 'put').expect(404);
    await owner.delete(`${letters(id)}/${second.id}`).expect(204);
    await owner.delete(`${letters(id)}/${second.id}`).expect(404);
    expect(await filesIn(lettersOf(dir))).toEqual([`${id}/${replaced.body.id}.pdf`]);
  });

  it("take only the owner's token: none, an applicant's or a logged-out one is a 401 and keeps nothing", async () => {
    const { id, code } = await newAccess('Messe AG');
    const accessToken = (await page.post('/api/auth/access', { code }).expect(200)).body.token;
    const { ownerToken } = await page.register();
    const loggedOut = page.as(ownerToken);
    await loggedOut.post('/api/owner/logout').expect(204);
    for (const as of [
      page.as(await loginToken(testApp)),
      page.as(accessToken),
      page.as('kein-token'),
      loggedOut,
    ]) {
      await as.upload(letters(id), pdf('Brief'), 'Brief').expect(401);
      await as.put(`/api/owner/accesses/${id}/sections`, { sections: [] }).expect(401);
      await as.get('/api/owner/sections').expect(401);
    }
    expect(await filesIn(lettersOf(dir))).toEqual([]);
  });

  it('come from the command line through the same rules, with the sections a link sees', async () => {
    const file = join(scratchDir('api-letters-file-'), 'Motivationsschreiben Kiosk.pdf');
    await writeFile(file, pdf('Kiosk'));
    const printed = await page.command(
      runAccessCommand,
      'add',
      '--sections',
      'Bewerbung, GIBB',
      '--file',
      file,
      '--',
      'Kiosk AG',
    );
    expect(printed).toMatch(/^Eigene Datei „Motivationsschreiben Kiosk“ \(1 KB\) hinzugefügt\.$/m);
    const [made] = (await owner.get('/api/owner/accesses').expect(200)).body;
    expect(made).toMatchObject({
      sections: ['Bewerbung', 'GIBB'],
      letters: [{ name: 'Motivationsschreiben Kiosk' }],
    });

    await writeFile(file, '<html></html>');
    await expect(
      page.command(
        runAccessCommand,
        'file',
        '--file',
        file,
        '--label',
        'Zeugnis',
        '--',
        'Kiosk AG',
      ),
    ).rejects.toThrow('Das ist keine PDF-Datei.');
    await expect(
      page.command(
        runAccessCommand,
        'sections',
        '--sections',
        'Bewerbung, Geheim',
        '--',
        'Kiosk AG',
      ),
    ).rejects.toThrow(
      'Den Bereich „Geheim“ gibt es nicht; es gibt: Bewerbung, BWD IMS, GIBB, Überbetriebliche Kurse.',
    );
    expect(await page.command(runAccessCommand, 'sections', '--', 'Kiosk AG')).toBe(
      '„Kiosk AG“ sieht: Bewerbung, BWD IMS, GIBB, Überbetriebliche Kurse.',
    );
    expect(
      await page.command(
        runAccessCommand,
        'file',
        '--remove',
        'motivationsschreiben kiosk',
        '--',
        'Kiosk AG',
      ),
    ).toBe('Eigene Datei „Motivationsschreiben Kiosk“ (1 KB) entfernt.');
    expect(await filesIn(lettersOf(dir))).toEqual([]);
  });

  it('have their sections chosen on the page: all of today by default, checked against the manifest', async () => {
    expect((await owner.get('/api/owner/sections').expect(200)).body).toEqual([
      'Bewerbung',
      'BWD IMS',
      'GIBB',
      'Überbetriebliche Kurse',
    ]);
    const { id } = await newAccess('Messe AG', ['GIBB', 'Bewerbung', 'GIBB']);
    const sectionsOf = async () =>
      (await owner.get('/api/owner/accesses').expect(200)).body[0].sections;
    // In the manifest's order, once each.
    expect(await sectionsOf()).toEqual(['Bewerbung', 'GIBB']);
    await owner.put(`/api/owner/accesses/${id}/sections`, { sections: [] }).expect(204);
    expect(await sectionsOf()).toEqual([]);
    const all = ['Bewerbung', 'BWD IMS', 'GIBB', 'Überbetriebliche Kurse'];
    await owner.put(`/api/owner/accesses/${id}/sections`, { sections: all }).expect(204);
    expect(await sectionsOf()).toEqual(all);
    // Malformed: a 400, never a 500.
    for (const body of [{ sections: null }, { sections: 'GIBB' }, { sections: [1] }])
      await owner.put(`/api/owner/accesses/${id}/sections`, body).expect(400);
    await owner.post('/api/owner/accesses', { name: null }).expect(400);
    const unknown = await owner.put(`/api/owner/accesses/${id}/sections`, { sections: ['Geheim'] });
    expect(unknown.status).toBe(400);
    await owner.put('/api/owner/accesses/unbekannt/sections', {}).expect(404);
  });

  it('missing or damaged are said in one line at start, and files no link names are removed', async () => {
    const { id } = await newAccess('Messe AG');
    const brief = (await owner.upload(letters(id), pdf('Brief'), 'Brief').expect(201)).body;
    const zeugnis = (await owner.upload(letters(id), pdf('Zeugnis'), 'Zeugnis').expect(201)).body;
    await testApp.close();
    await rm(join(lettersOf(dir), id, `${brief.id}.pdf`));
    await writeFile(join(lettersOf(dir), id, `${zeugnis.id}.pdf`), 'kaputt');
    await writeFile(join(lettersOf(dir), id, 'fremd.pdf'), pdf('fremd'));
    await start();
    const lines = testApp.logger.lines.filter((line) => line.includes('Own PDFs'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^ERROR .*Own PDFs of access "Messe AG" not usable: Brief \(missing\), Zeugnis \(damaged\); upload them again on the owner's page or restore them from a backup$/,
      ),
      'WARN [Access] Own PDFs: removed 1 file(s) no access names',
    ]);
    expect(await filesIn(lettersOf(dir))).toEqual([`${id}/${zeugnis.id}.pdf`]);
  });

  it('leaves alone what the site never makes, should LETTERS_DIR name another folder', async () => {
    // A store that names a link proves which letter folders are the site's.
    await newAccess('Messe AG');
    await testApp.close();
    // Named as an access's id could be, but holding what no letter is called.
    await mkdir(join(lettersOf(dir), 'Bewerbungen1'), { recursive: true });
    await writeFile(join(lettersOf(dir), 'Bewerbungen1', 'cv.pdf'), pdf('CV'));
    await writeFile(join(lettersOf(dir), 'accesses.json'), '[]');
    // What a link no longer in the store left: the site's, so removed.
    await mkdir(join(lettersOf(dir), 'AbCdEfGhIj-1'));
    await writeFile(join(lettersOf(dir), 'AbCdEfGhIj-1', 'MnOpQrStUv_2.pdf'), pdf('alt'));
    await start();
    expect(testApp.logger.lines.filter((line) => line.includes('Own PDFs'))).toEqual([
      'WARN [Access] Own PDFs: removed 1 file(s) no access names',
      'WARN [Access] Own PDFs: LETTERS_DIR holds 2 entries the site never makes ("Bewerbungen1", "accesses.json"), left alone; is LETTERS_DIR the right folder?',
    ]);
    expect(await filesIn(lettersOf(dir))).toEqual(['Bewerbungen1/cv.pdf', 'accesses.json']);
  });
});
