// What shows a company more needs the owner's finger: with the page's token alone, making a
// link, widening its sections, adding or replacing a PDF, switching its stamp off are refused (403); with a fresh
// passkey confirmation of exactly that change they work, a new link's confirmation letting
// in the first PDF it names; narrowing, removing and revoking need none. Every change, from
// the page or the command line, reaches the owner by mail, changes within a minute in one.
import { createHash } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { runAccessCommand } from '../src/access/access.cli';
import { CONFIRMATION_REFUSED } from '../src/owner/owner-changes.service';
import {
  CONFIRMATION_HEADER,
  createTarget,
  letterTarget,
  sectionsTarget,
  stampOffTarget,
} from '../src/owner/change-targets';
import { OwnerPage, SITE, startOwnerPage, type Registered } from './support/owner-page';
import { pdf } from './support/pdf';
import { scratchDir } from './support/scratch';
import { SoftAuthenticator } from './support/soft-authenticator';
import { TestApp } from './support/test-app';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const REFUSED = { statusCode: 403, message: CONFIRMATION_REFUSED };

describe('changes to what a company sees', () => {
  let dir: string;
  let page: OwnerPage;
  let testApp: TestApp;
  let owner: Registered;

  /** The page's token alone, as a copied token or an unlocked phone would send it. */
  const tokenAlone = () => page.as(owner.ownerToken, false);
  /** The owner's tap for exactly this change. */
  const tap = (change: Parameters<OwnerPage['confirm']>[2], target: string) =>
    page.confirm(owner.ownerToken, owner.authenticator, change, target);
  const asHeader = (confirmation: object) =>
    Buffer.from(JSON.stringify(confirmation)).toString('base64url');
  const upload = (id: string, bytes: Buffer, name: string, confirmation?: object) => {
    const call = testApp
      .http()
      .post(`/api/owner/accesses/${id}/letters`)
      .query({ name })
      .set('Authorization', `Bearer ${owner.ownerToken}`)
      .set('Content-Type', 'application/pdf');
    if (confirmation) call.set(CONFIRMATION_HEADER, asHeader(confirmation));
    return call.send(bytes);
  };
  /** The owner's mails about changes, once the API has stopped (which sends what it gathered). */
  const changeMails = async (): Promise<ParsedMail[]> => {
    await testApp.close();
    return (await page.mails()).filter((mail) => mail.text?.includes('make access-list'));
  };

  beforeEach(async () => {
    dir = scratchDir('api-confirmations-');
    page = await startOwnerPage(dir);
    testApp = page.testApp;
    owner = await page.register(undefined, undefined, new SoftAuthenticator(SITE, true));
  });
  afterEach(() => testApp?.close());

  it('refuses a link, wider sections and a PDF made with the token alone, and takes them tapped', async () => {
    const alone = tokenAlone();
    const body = { name: 'Messe AG', days: 30, sections: ['Bewerbung'] };
    expect((await alone.post('/api/owner/accesses', body)).body).toEqual(REFUSED);
    expect((await alone.post('/api/owner/accesses', { name: 'Alles AG', days: 3650 })).status).toBe(
      403,
    );
    const confirmation = await tap(
      'create-access',
      createTarget('Messe AG', 30, ['Bewerbung'], undefined),
    );
    const made = await alone.post('/api/owner/accesses', { ...body, confirmation }).expect(201);
    const id = made.body.id as string;
    // Used once: the same tap again is refused, though a synced passkey's counter stays 0.
    expect((await alone.post('/api/owner/accesses', { ...body, confirmation })).status).toBe(403);

    const sections = `/api/owner/accesses/${id}/sections`;
    const wider = { sections: ['Bewerbung', 'GIBB'] };
    expect((await alone.put(sections, wider)).body).toEqual(REFUSED);
    // A tap for another change does not fit this one.
    const other = await tap('widen-sections', sectionsTarget(id, ['Bewerbung', 'BWD IMS', 'GIBB']));
    expect((await alone.put(sections, { ...wider, confirmation: other })).status).toBe(403);
    const widen = await tap('widen-sections', sectionsTarget(id, wider.sections));
    await alone.put(sections, { ...wider, confirmation: widen }).expect(204);
    // Narrower needs nothing.
    await alone.put(sections, { sections: ['GIBB'] }).expect(204);

    const brief = pdf('Brief an die Messe AG', 20_000);
    expect((await upload(id, brief, 'Brief')).body).toEqual(REFUSED);
    const add = await tap('add-letter', letterTarget(id, { name: 'Brief', size: brief.length }));
    // Bound to the bytes' count: another file of another size is refused with it.
    expect((await upload(id, pdf('Anders', 30_000), 'Brief', add)).status).toBe(403);
    const again = await tap('add-letter', letterTarget(id, { name: 'Brief', size: brief.length }));
    const letter = (await upload(id, brief, 'Brief', again).expect(201)).body as { id: string };

    const replacing = testApp
      .http()
      .put(`/api/owner/accesses/${id}/letters/${letter.id}`)
      .query({ name: 'Brief' })
      .set('Authorization', `Bearer ${owner.ownerToken}`)
      .set('Content-Type', 'application/pdf');
    expect((await replacing.send(brief)).status).toBe(403);
    // Removing and revoking need none.
    await alone.delete(`/api/owner/accesses/${id}/letters/${letter.id}`).expect(204);
    await alone.delete(`/api/owner/accesses/${id}`).expect(204);
  });

  it("switches a link's stamp off only tapped, back on with the token alone, and mails both", async () => {
    const body = { name: 'Messe AG', days: 30, sections: ['Bewerbung'] };
    const made = await tokenAlone()
      .post('/api/owner/accesses', {
        ...body,
        confirmation: await tap(
          'create-access',
          createTarget('Messe AG', 30, body.sections, undefined),
        ),
      })
      .expect(201);
    const id = made.body.id as string;
    const stamp = `/api/owner/accesses/${id}/stamp`;
    const seen = async () =>
      (
        (await tokenAlone().get('/api/owner/accesses').expect(200)).body as Array<{
          stamp: boolean;
        }>
      )[0].stamp;
    expect(await seen()).toBe(true);
    expect((await tokenAlone().put(stamp, { on: false })).body).toEqual(REFUSED);
    const wrong = await tap('stamp-off', stampOffTarget('another-id'));
    expect((await tokenAlone().put(stamp, { on: false, confirmation: wrong })).status).toBe(403);
    const off = await tap('stamp-off', stampOffTarget(id));
    await tokenAlone().put(stamp, { on: false, confirmation: off }).expect(204);
    expect(await seen()).toBe(false);
    await tokenAlone().put(stamp, { on: true }).expect(204);
    expect(await seen()).toBe(true);
    expect((await tokenAlone().put(stamp, { on: 'nein' })).status).toBe(400);

    const [mail] = await changeMails();
    const lines = mail.text?.split('\n').filter((line) => line.startsWith('- ')) ?? [];
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/\(Verwaltungsseite\): Stempel auf den PDFs von Messe AG: aus$/),
      expect.stringMatching(/\(Verwaltungsseite\): Stempel auf den PDFs von Messe AG: ein$/),
    ]);
  });

  it("lets in a new link's first PDF by its content: another file of the same name and size is refused", async () => {
    const brief = pdf('Motivationsschreiben', 25_000);
    const other = pdf('Etwas ganz anderes', brief.length);
    const first = { name: 'Motivationsschreiben', size: brief.length, sha256: sha256(brief) };
    const body = { name: 'Messe AG', days: 30, letter: first };
    const confirmation = await tap('create-access', createTarget('Messe AG', 30, undefined, first));
    const made = await tokenAlone()
      .post('/api/owner/accesses', { ...body, confirmation })
      .expect(201);
    const refused = await upload(made.body.id, other, 'Motivationsschreiben');
    expect([refused.status, refused.body.message]).toEqual([
      409,
      'Diese Datei ist nicht die bestätigte: bitte beim Zugang mit dem Passkey hinzufügen.',
    ]);
    const [listed] = (await tokenAlone().get('/api/owner/accesses').expect(200)).body;
    expect(listed.letters).toEqual([]);
  });

  it('asks once for a link made with its sections and first PDF, and mails the owner what changed', async () => {
    const brief = pdf('Motivationsschreiben', 25_000);
    const first = { name: 'Motivationsschreiben', size: brief.length, sha256: sha256(brief) };
    const body = { name: 'Messe AG', days: 30, sections: ['Bewerbung', 'GIBB'], letter: first };
    const confirmation = await tap(
      'create-access',
      createTarget('Messe AG', 30, body.sections, first),
    );
    const made = await tokenAlone()
      .post('/api/owner/accesses', { ...body, confirmation })
      .expect(201);
    // The first PDF the tap named comes in without another; a second one does not.
    await upload(made.body.id, brief, 'Motivationsschreiben').expect(201);
    expect((await upload(made.body.id, pdf('Zeugnis'), 'Zeugnis')).status).toBe(403);
    // A change from the command line in the same minute goes into the same mail.
    await page.command(runAccessCommand, 'add', '--sections', 'GIBB', '--', 'Kiosk AG');

    const [mail] = await changeMails();
    expect(mail.subject).toBe('3 Änderungen an den Zugängen');
    const lines = mail.text?.split('\n').filter((line) => line.startsWith('- ')) ?? [];
    expect(lines).toEqual([
      expect.stringMatching(
        /^- \d+\.\d+\.\d{4}, \d\d:\d\d \(Verwaltungsseite\): Zugang für Messe AG erstellt: Bewerbung, GIBB$/,
      ),
      expect.stringMatching(
        /\(Verwaltungsseite\): Eigenes PDF „Motivationsschreiben“ für Messe AG hinzugefügt$/,
      ),
      expect.stringMatching(/\(Befehlszeile\): Zugang für Kiosk AG erstellt: GIBB$/),
    ]);
  });
});
