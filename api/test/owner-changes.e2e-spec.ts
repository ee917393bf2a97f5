import { runOwnerCommand } from '../src/owner/owner.cli';
import { OwnerPage, startOwnerPage } from './support/owner-page';
import { scratchDir } from './support/scratch';

const CONFIRMATION_REFUSED =
  'Diese Änderung braucht eine frische Bestätigung mit dem Passkey dieser Anmeldung.';
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const today = () => new Date().toLocaleDateString('de-CH', { timeZone: 'Europe/Zurich' });

describe("changes to the owner's passkeys", () => {
  let page: OwnerPage;

  beforeEach(async () => {
    page = await startOwnerPage(scratchDir('api-owner-changes-'));
  });
  afterEach(() => page.testApp.close());

  it('makes a setup link and removes a passkey only with a fresh confirmation of the signed-in passkey', async () => {
    const first = await page.register();
    const owner = page.as(first.ownerToken);
    for (const alone of [
      await owner.post('/api/owner/setup-links'),
      await owner.post(`/api/owner/passkeys/${first.authenticator.id}/remove`),
    ]) {
      expect(alone.status).toBe(403);
      expect(alone.body).toEqual({ statusCode: 403, message: CONFIRMATION_REFUSED });
    }

    const confirmation = await page.confirm(first.ownerToken, first.authenticator, 'setup-link');
    const link = await owner.post('/api/owner/setup-links', { confirmation }).expect(201);
    expect(link.body).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost:5173\/verwaltung#einrichten=[\w-]{43}$/),
      expiresAt: expect.any(String),
    });
    const second = await page.register(link.body.url.split('=')[1], PIXEL);
    const secondToken = await page.signIn(second.authenticator);
    const labels = (await owner.get('/api/owner/passkeys')).body.map(
      (passkey: { label: string }) => passkey.label,
    );
    expect(labels).toEqual([`iPhone · Safari, ${today()}`, `Android · Chrome, ${today()}`]);

    const removal = await page.confirm(
      secondToken,
      second.authenticator,
      'remove-passkey',
      first.authenticator.id,
    );
    await page
      .as(secondToken)
      .post(`/api/owner/passkeys/${first.authenticator.id}/remove`, { confirmation: removal })
      .expect(204);
    // The removed passkey's sessions end at once, and it signs in no more.
    await owner.get('/api/owner/passkeys').expect(401);
    const options = (await page.post('/api/owner/login/options')).body;
    const refused = await page.post('/api/owner/login/verify', {
      response: first.authenticator.signIn(options),
    });
    expect(refused.status).toBe(401);

    // The command removes the last one by the start of its id, as for a lost phone.
    const id = second.authenticator.id.slice(0, 8);
    // After `--`, as make passes it: a random id may start with `-`.
    expect(await page.command(runOwnerCommand, 'passkeys', 'remove', '--', id)).toContain(
      `Passkey „Android · Chrome, ${today()}“ entfernt`,
    );
    await page.as(secondToken).get('/api/owner/passkeys').expect(401);
  });

  it("refuses a confirmation for another change or passkey, another passkey's, a sign-in's, a used one, or one without user verification", async () => {
    const first = await page.register();
    const link = await page
      .as(first.ownerToken)
      .post('/api/owner/setup-links', {
        confirmation: await page.confirm(first.ownerToken, first.authenticator, 'setup-link'),
      })
      .expect(201);
    const second = await page.register(link.body.url.split('=')[1], PIXEL);
    const owner = page.as(first.ownerToken);
    const removeSecond = (confirmation: object) =>
      owner.post(`/api/owner/passkeys/${second.authenticator.id}/remove`, { confirmation });
    const confirm = (change: 'setup-link' | 'remove-passkey', target?: string) =>
      page.confirm(first.ownerToken, first.authenticator, change, target);

    // What the first phone's session is given to sign for removing the second passkey.
    const removalOptions = async () =>
      (
        await owner.post('/api/owner/confirmation/options', {
          change: 'remove-passkey',
          passkeyId: second.authenticator.id,
        })
      ).body;

    const refusals = [
      await removeSecond(await confirm('setup-link')),
      await removeSecond(await confirm('remove-passkey', first.authenticator.id)),
      await removeSecond(second.authenticator.signIn(await removalOptions())),
      await removeSecond(
        first.authenticator.signIn((await page.post('/api/owner/login/options')).body),
      ),
      await removeSecond(
        first.authenticator.signIn(await removalOptions(), { userVerified: false }),
      ),
    ];
    expect(refusals.map((answer) => [answer.status, answer.body.message])).toEqual(
      Array(refusals.length).fill([403, CONFIRMATION_REFUSED]),
    );

    const confirmation = await confirm('remove-passkey', second.authenticator.id);
    await removeSecond(confirmation).expect(204);
    expect((await removeSecond(confirmation)).status).toBe(403);
  });

  it('mails the owner each registration, setup link and removal: when, from where, which passkey', async () => {
    const first = await page.register();
    const label = `iPhone · Safari, ${today()}`;
    const owner = page.as(first.ownerToken);
    const link = await owner
      .post('/api/owner/setup-links', {
        confirmation: await page.confirm(first.ownerToken, first.authenticator, 'setup-link'),
      })
      .set('X-Forwarded-For', '203.0.113.7')
      .expect(201);
    const second = await page.register(link.body.url.split('=')[1], PIXEL);
    await owner
      .post(`/api/owner/passkeys/${second.authenticator.id}/remove`, {
        confirmation: await page.confirm(
          first.ownerToken,
          first.authenticator,
          'remove-passkey',
          second.authenticator.id,
        ),
      })
      .set('X-Forwarded-For', '2001:db8::9')
      .expect(204);

    const mails = await page.mails();
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Neuer Passkey für die Verwaltung: „${label}“`,
      'Einrichtungslink für ein weiteres Gerät erstellt',
      `Neuer Passkey für die Verwaltung: „Android · Chrome, ${today()}“`,
      `Passkey „Android · Chrome, ${today()}“ entfernt`,
    ]);
    const at = /^Am \d{1,2}\.\d{1,2}\.\d{4}, \d{2}:\d{2} /;
    for (const mail of mails) {
      expect(mail.text).toMatch(at);
      expect(mail.text).toMatch(/^Adresse: \S+$/m);
      expect(mail.text).toContain('make owner-passkeys REMOVE=<ID>');
    }
    expect(mails[0].text).toContain(`Passkey: ${label}`);
    expect(mails[1].text).toContain(`Bestätigt mit dem Passkey: ${label}\nAdresse: 203.0.113.7`);
    expect(mails[3].text).toContain(`Bestätigt mit dem Passkey: ${label}\nAdresse: 2001:db8::9`);
  });
});
