// A company whose stamped copy cannot be made now (the stamp cache's disk is
// full, the stamping process killed) gets "try again shortly", 503 with
// Retry-After, for a PDF and for documents.zip, never the original bytes; the
// owner gets one mail; once the cause has gone the next request gets the
// stamped copy.
import { writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { FILE_TIME_LIMIT_MS, StampWriter, type StampFile } from '../src/stamp/stamp-writer';
import { getBytes } from './support/binary';
import { OwnerPage, startOwnerPage } from './support/owner-page';
import { realPdf } from './support/pdf';
import { pageTexts } from './support/pdf-reader';
import { scratchDir } from './support/scratch';
import { canMount, mountSmallDisk, type SmallDisk } from './support/small-disk';
import { until } from './support/until';

const asRoot = canMount ? describe : describe.skip;
const SUBJECT = 'PDFs mit Stempel gerade nicht lieferbar';

/** A writer whose process is killed (as by the system's out-of-memory killer) until `heal`. */
class KilledUntilHealed extends StampWriter {
  private killed? = new StampWriter(FILE_TIME_LIMIT_MS, [
    '--import',
    'data:text/javascript,process.kill(process.pid, "SIGKILL")',
  ]);
  heal = () => (this.killed = undefined);
  override write(file: StampFile) {
    return this.killed ? this.killed.write(file) : super.write(file);
  }
}

/** Writes into `dir` until the file system refuses: ENOSPC. */
async function fill(dir: string): Promise<string> {
  const filler = join(dir, 'filler');
  await writeFile(filler, Buffer.alloc(64 * 1024 * 1024)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOSPC') throw error;
  });
  return filler;
}

asRoot('a stamp that cannot be made now', () => {
  let disk: SmallDisk;
  let page: OwnerPage;
  let token: string;
  let letterPath: string;
  let original: Buffer;

  beforeAll(async () => {
    disk = mountSmallDisk('2m');
    // Both caches on the full disk: neither a copy nor a ZIP of copies can be written.
    page = await startOwnerPage(scratchDir('api-stamp-faults-'), {
      STAMP_CACHE_DIR: join(disk.path, 'stamped'),
      ZIP_CACHE_DIR: join(disk.path, 'zip'),
    });
    const owner = page.as((await page.register()).ownerToken);
    const made = await owner.post('/api/owner/accesses', { name: 'Zürcher Söhne AG' }).expect(201);
    original = await realPdf([{ text: 'Motivationsschreiben' }]);
    const letter = await owner
      .upload(`/api/owner/accesses/${made.body.id}/letters`, original, 'Brief')
      .expect(201);
    letterPath = `/api/letters/${letter.body.id}`;
    token = (await page.post('/api/auth/access', { code: made.body.code }).expect(200)).body.token;
  });

  afterAll(async () => {
    await page?.testApp.close();
    disk?.remove();
  });

  const faultMails = async () => (await page.mails()).filter((mail) => mail.subject === SUBJECT);

  it('answers 503 with Retry-After, never the original, mails the owner once, and stamps once there is room', async () => {
    const filler = await fill(disk.path);
    for (const path of [letterPath, '/api/download-all', letterPath]) {
      const refused = await getBytes(page.testApp, path, token);
      expect([refused.status, refused.headers['retry-after']]).toEqual([503, '30']);
      expect(JSON.parse(refused.body.toString())).toEqual({
        statusCode: 503,
        message: 'The documents are being prepared: try again shortly',
      });
    }
    await until(async () => (await faultMails()).length > 0, 'the mail about the stamp');
    const [mail] = await faultMails();
    expect(mail.text).toContain(
      'Der Speicher für die gestempelten PDFs (STAMP_CACHE_DIR) ist voll.',
    );
    expect(page.testApp.logger.text()).toContain('Stamp failed, nothing sent: ENOSPC');

    await rm(filler);
    const sent = await getBytes(page.testApp, letterPath, token).expect(200);
    expect(sent.body.equals(original)).toBe(false);
    expect(pageTexts(sent.body)[0]).toContain('Zürcher Söhne AG · Bewerbung / application');
    expect(await faultMails()).toHaveLength(1);
  });
});

describe('a stamping process killed', () => {
  const writer = new KilledUntilHealed();
  let page: OwnerPage;

  beforeAll(async () => {
    page = await startOwnerPage(scratchDir('api-stamp-killed-'), {}, [
      { provide: StampWriter, useValue: writer },
    ]);
  });

  afterAll(() => page?.testApp.close());

  it('answers 503 with Retry-After, never the original, mails the owner once, and stamps once it runs', async () => {
    const owner = page.as((await page.register()).ownerToken);
    const made = await owner.post('/api/owner/accesses', { name: 'Basler Bäckerei' }).expect(201);
    const original = await realPdf([{ text: 'Motivationsschreiben' }]);
    const letter = await owner
      .upload(`/api/owner/accesses/${made.body.id}/letters`, original, 'Brief')
      .expect(201);
    const path = `/api/letters/${letter.body.id}`;
    const token = (await page.post('/api/auth/access', { code: made.body.code }).expect(200)).body
      .token;
    for (const each of [path, '/api/download-all', path]) {
      const refused = await getBytes(page.testApp, each, token);
      expect([refused.status, refused.headers['retry-after']]).toEqual([503, '30']);
      expect(refused.body.includes(original.subarray(0, 64))).toBe(false);
    }
    const faultMails = async () => (await page.mails()).filter((mail) => mail.subject === SUBJECT);
    await until(async () => (await faultMails()).length > 0, 'the mail about the stamp');
    expect((await faultMails())[0].text).toContain('Der Stempel-Prozess wurde beendet');

    writer.heal();
    const sent = await getBytes(page.testApp, path, token).expect(200);
    expect(pageTexts(sent.body)[0]).toContain('Basler Bäckerei · Bewerbung / application');
    expect(await faultMails()).toHaveLength(1);
  });
});
