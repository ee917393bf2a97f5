import { readFile, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { runAccessCommand } from '../src/access/access.cli';
import { AccessLogEntry } from '../src/access/access-log';
import { AccessStore } from '../src/access/access-store';
import { getBytes } from './support/binary';
import { lettersOf } from './support/owner-page';
import { copyDocuments, readRepoManifest } from './support/documents-fixture';
import { scratchDir } from './support/scratch';
import { SmtpSink } from './support/smtp-sink';
import { TestApp, TestEnv, loginToken, startTestApp } from './support/test-app';
import { until } from './support/until';

const DAY_MS = 86_400_000;

/** Runs the owner's command the way `make access-…` does, and returns what it printed. */
async function command(dir: string, ...args: string[]): Promise<string> {
  const lines: string[] = [];
  await runAccessCommand(
    args,
    { ACCESS_DIR: dir, LETTERS_DIR: lettersOf(dir), SITE_URL: 'https://bewerbung.example.ch' },
    (text) => lines.push(text),
  );
  return lines.join('\n');
}

async function addAccess(dir: string, name: string): Promise<{ link: string; code: string }> {
  const printed = await command(dir, 'add', name);
  const link = /Link:\s+(\S+)/.exec(printed)?.[1] ?? '';
  const code = /Code:\s+(\S+)/.exec(printed)?.[1] ?? '';
  return { link, code };
}

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

const CONTACT = {
  name: 'Anna Müller',
  email: 'anna.mueller@example.ch',
  message: 'Grüezi\nIch interessiere mich für Ihre Bewerbung.',
};
const CONTACT_SUBJECT = 'Kontaktanfrage von ';

describe('personal access links', () => {
  let sink: SmtpSink;
  let testApp: TestApp;
  let dir: string;

  const start = async (env: TestEnv = {}) => {
    testApp = await startTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      MAIL_TO: 'owner@example.ch',
      ACCESS_DIR: dir,
      LETTERS_DIR: lettersOf(dir),
      ...env,
    });
  };
  const exchange = (code: unknown) => testApp.http().post('/api/auth/access').send({ code });
  const get = (path: string, token: string) => getBytes(testApp, path, token);
  /**
   * The subjects of every mail once a contact message sent now has arrived: the outbox
   * sends in order, so a mail about what happened before would have arrived first.
   */
  const mailsUpToContact = async () => {
    await testApp.http().post('/api/mail').send(CONTACT).expect(200);
    await until(
      async () => sink.mails.some((mail) => mail.subject?.startsWith(CONTACT_SUBJECT)),
      'the contact mail',
    );
    return sink.mails.map((mail) => mail.subject);
  };
  const logEntries = async (...args: string[]) =>
    JSON.parse(await command(dir, 'log', '--json', ...args)) as AccessLogEntry[];
  /** A client that reads the first bytes of the body and then closes the connection. */
  const leaveAfterFirstBytes = (path: string, token: string) =>
    new Promise<void>((resolve, reject) => {
      const { port } = testApp.app.getHttpServer().address() as AddressInfo;
      const headers = { Authorization: `Bearer ${token}` };
      const request = httpGet({ host: '127.0.0.1', port, path, headers }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', reject);
    });

  beforeEach(async () => {
    sink = new SmtpSink();
    await sink.start();
    dir = scratchDir('api-access-');
  });
  afterEach(async () => {
    await testApp?.close();
    await sink.stop();
  });

  it('prints a link and a code of 140 bits, and stores only its hash', async () => {
    await start();
    const { link, code } = await addAccess(dir, 'Muster AG');
    expect(code).toMatch(/^([2-9A-HJ-NP-Z]{4}-){6}[2-9A-HJ-NP-Z]{4}$/);
    expect(link).toBe(`https://bewerbung.example.ch/protected#zugang=${code}`);
    const stored = await readFile(join(dir, 'accesses.json'), 'utf8');
    expect(stored).toContain('Muster AG');
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(code.replace(/-/g, ''));
  });

  it('exchanges the code for a token that lists, opens, downloads and zips; logs each action and mails the owner', async () => {
    await start({ ACCESS_MAIL_INTERVAL: '2s' });
    const { code } = await addAccess(dir, 'Muster AG');
    const response = await exchange(code.toLowerCase()).expect(200);
    expect(response.body).toEqual({ success: true, token: expect.any(String) });
    const token = response.body.token as string;
    expect(claims(token)).toMatchObject({ sub: 'bewerbung', name: 'Muster AG' });

    const [file] = (await readRepoManifest())[0].files;
    await get('/api/documents', token).expect(200);
    await get(`/api/download/${file.filename}?intent=open`, token).expect(200);
    await get(`/api/download/${file.filename}`, token).expect(200);
    const zip = await get('/api/download-all', token).expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');

    await until(async () => (await logEntries()).length === 5, 'five log entries');
    const entries = await logEntries('--name', 'Muster AG');
    expect(entries.map((entry) => [entry.access, entry.action, entry.file, entry.outcome])).toEqual(
      [
        ['Muster AG', 'zip', 'documents.zip', 'completed'],
        ['Muster AG', 'download', file.filename, 'completed'],
        ['Muster AG', 'open', file.filename, 'completed'],
        ['Muster AG', 'list', undefined, 'completed'],
        ['Muster AG', 'link', undefined, 'completed'],
      ],
    );
    const raw = await readFile(join(dir, 'access-log.jsonl'), 'utf8');
    expect(raw).not.toMatch(/127\.0\.0\.1|::1|"ip"|agent/i);
    expect(raw).not.toContain(code);
    expect(testApp.logger.text()).not.toContain(code);

    // One mail at the first use, then summaries of the rest once the interval has passed:
    // one, or more should the requests take longer than the interval on a loaded machine.
    const [first] = await sink.waitForMails(1);
    expect(first.subject).toBe('Zugang „Muster AG“ zum ersten Mal benutzt');
    expect(first.text).toContain('Zugangslink geöffnet');
    const summarised = () =>
      sink.mails.slice(1).reduce((sum, mail) => {
        const [, many] = /: (\d+) weitere Zugriffe$/.exec(mail.subject ?? '') ?? [];
        return sum + (many ? Number(many) : mail.subject?.endsWith('ein weiterer Zugriff') ? 1 : 0);
      }, 0);
    await until(async () => summarised() === 4, 'four further uses mailed');
    const texts = sink.mails
      .slice(1)
      .map((mail) => mail.text)
      .join('\n');
    expect(texts).toContain(`Dokument geöffnet: ${file.filename}`);
    expect(texts).toContain('documents.zip heruntergeladen');

    // A second opening of the link is activity, never a second "first use".
    await exchange(code).expect(200);
    await until(async () => summarised() === 5, 'the second opening mailed');
    expect(sink.mails.filter((mail) => mail.subject?.includes('ersten Mal'))).toHaveLength(1);
    const listed = await command(dir, 'list');
    expect(listed).toMatch(/Muster AG .* gültig .* 2 +1 +3 +[\w-]{12}$/m);
  });

  it("counts a company's refused requests in the owner's mail, never what they asked for", async () => {
    await start({ ACCESS_MAIL_INTERVAL: '1s' });
    const { code } = await addAccess(dir, 'Muster AG');
    const token = (await exchange(code).expect(200)).body.token as string;
    await sink.waitForMails(1);
    for (const text of ['Bitte-ueberweisen-Sie-CHF-500', 'IBAN-CH00-0000', 'x'.repeat(200)])
      await get(`/api/letters/${text}`, token).expect(404);
    await get('/api/documents', token).expect(200);
    // One summary, or more should the requests outlast the interval on a loaded machine.
    const summaries = () => sink.mails.slice(1).map((mail) => mail.text ?? '');
    const refused = () =>
      summaries().reduce(
        (sum, text) => sum + Number(/(\d+) abgelehnte Anfrage/.exec(text)?.[1] ?? 0),
        0,
      );
    await until(async () => refused() === 3, 'three refused requests counted');
    await until(
      async () => summaries().some((text) => text.includes('Dokumentenliste angesehen')),
      'the list view mailed',
    );
    const summary = { text: summaries().join('\n') };
    expect(summary.text).not.toMatch(/ueberweisen|IBAN|xxxx/);
  });

  it('refuses the old token and the code once the access is revoked', async () => {
    await start();
    const { code } = await addAccess(dir, 'Muster AG');
    const token = (await exchange(code).expect(200)).body.token as string;
    await get('/api/documents', token).expect(200);
    expect(await command(dir, 'revoke', 'Muster AG')).toContain('widerrufen');
    await get('/api/documents', token).expect(401);
    await get('/api/download-all', token).expect(401);
    const refused = await exchange(code).expect(401);
    expect(refused.body).toMatchObject({ success: false });
    expect(await command(dir, 'list')).toMatch(/Muster AG .* widerrufen/);
  });

  it('refuses the token once the access has expired', async () => {
    await start();
    const store = new AccessStore(dir);
    const { code, access } = await store.add('Kurz AG', 1, []);
    const token = (await exchange(code).expect(200)).body.token as string;
    await get('/api/documents', token).expect(200);
    // It ends now, as the owner's store says: however slow the machine, it was valid before.
    const ended = new Date(Date.now() - 1).toISOString();
    await store.update(access.id, (current) => ({ ...current, expiresAt: ended }));
    await get('/api/documents', token).expect(401);
    await exchange(code).expect(401);
  });

  it('refuses a wrong code with 401, and with 429 beyond the login rate limit', async () => {
    await start({ LOGIN_RATE_LIMIT: '5' });
    await addAccess(dir, 'Muster AG');
    const statuses: number[] = [];
    for (const code of ['ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2-3456', '', 'zu-kurz', 42])
      statuses.push((await exchange(code)).status);
    expect(statuses).toEqual([401, 401, 401, 400]);
    await exchange('ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2-3456').expect(401);
    const limited = await exchange('ABCD-EFGH-JKMN-PQRS-TUVW-XYZ2-3456').expect(429);
    expect(limited.body).toEqual({ statusCode: 429, message: expect.any(String) });
  });

  it('keeps the shared login working and logs it as "shared login", without mail', async () => {
    await start({ ACCESS_MAIL_INTERVAL: '1s' });
    await addAccess(dir, 'Muster AG');
    const token = await loginToken(testApp);
    expect(claims(token).acc).toBeUndefined();
    await get('/api/documents', token).expect(200);
    await get('/api/download-all', token).expect(200);
    await until(async () => (await logEntries()).length === 2, 'two log entries');
    expect((await logEntries()).map((entry) => [entry.access, entry.action])).toEqual([
      ['shared login', 'zip'],
      ['shared login', 'list'],
    ]);
    expect(await command(dir, 'log')).toMatch(/shared login +Dokumentenliste angesehen/);
    expect(await mailsUpToContact()).toEqual([`${CONTACT_SUBJECT}Anna Müller`]);
  });

  it('records "authorised" when nginx sends the bytes (X-Accel-Redirect)', async () => {
    await start({ DOCUMENTS_VIA_NGINX: 'true' });
    const { code } = await addAccess(dir, 'Muster AG');
    const token = (await exchange(code).expect(200)).body.token as string;
    const [file] = (await readRepoManifest())[0].files;
    await get(`/api/download/${file.filename}?intent=open`, token).expect(200);
    await get('/api/download-all', token).expect(200);
    expect((await logEntries()).slice(0, 2).map((entry) => [entry.action, entry.outcome])).toEqual([
      ['zip', 'authorised'],
      ['open', 'authorised'],
    ]);
  });

  it('records "aborted" when the visitor leaves in the middle of a download', async () => {
    const documents = await copyDocuments();
    try {
      const [file] = (await readRepoManifest())[0].files;
      // Far more than the sockets' buffers hold, so most of it is still unsent when the client leaves.
      await writeFile(join(documents.dir, file.filename), Buffer.alloc(64 * 1024 * 1024));
      await start({ DOCUMENTS_DIR: documents.dir });
      const { code } = await addAccess(dir, 'Muster AG');
      const token = (await exchange(code).expect(200)).body.token as string;

      await leaveAfterFirstBytes(`/api/download/${file.filename}`, token);
      await until(async () => (await logEntries()).length === 2, 'the download logged');
      expect((await logEntries())[0]).toMatchObject({ action: 'download', outcome: 'aborted' });
    } finally {
      await documents.remove();
    }
  });

  it('sends no mail with ACCESS_MAIL=false', async () => {
    await start({ ACCESS_MAIL: 'false', ACCESS_MAIL_INTERVAL: '1s' });
    const { code } = await addAccess(dir, 'Muster AG');
    const token = (await exchange(code).expect(200)).body.token as string;
    await get('/api/documents', token).expect(200);
    expect(await mailsUpToContact()).toEqual([`${CONTACT_SUBJECT}Anna Müller`]);
  });

  it('removes log entries older than the retention period at start', async () => {
    const old = {
      at: new Date(Date.now() - 181 * DAY_MS).toISOString(),
      accessId: null,
      access: 'shared login',
      action: 'list',
      outcome: 'completed',
    };
    const recent = { ...old, at: new Date(Date.now() - 179 * DAY_MS).toISOString() };
    await writeFile(
      join(dir, 'access-log.jsonl'),
      `${JSON.stringify(old)}\n${JSON.stringify(recent)}\n`,
    );
    await start();
    expect((await logEntries()).map((entry) => entry.at)).toEqual([recent.at]);
  });

  it('keeps logging after a power loss cut the last line short; the command skips that line', async () => {
    const whole = {
      at: new Date().toISOString(),
      accessId: null,
      access: 'shared login',
      action: 'list',
      outcome: 'completed',
    };
    await writeFile(join(dir, 'access-log.jsonl'), `${JSON.stringify(whole)}\n{"at":"2026-`);
    await start();
    await get('/api/documents', await loginToken(testApp)).expect(200);
    expect((await logEntries()).map((entry) => entry.action)).toEqual(['list', 'list']);
    expect(await command(dir, 'log')).toContain('(1 unlesbare Zeile(n) übersprungen)');
  });

  it('refuses to start on a damaged store, naming it, and leaves the file as it was', async () => {
    const damaged = '{"version":1,"accesses":[{"id":"x","label":"Muster';
    await writeFile(join(dir, 'accesses.json'), damaged);
    await expect(start()).rejects.toThrow(
      new RegExp(`Access store ${join(dir, 'accesses.json')} is damaged`),
    );
    expect(await readFile(join(dir, 'accesses.json'), 'utf8')).toBe(damaged);
    await expect(command(dir, 'list')).rejects.toThrow(/is damaged/);
    await expect(command(dir, 'add', 'Neu AG')).rejects.toThrow(/is damaged/);
  });
});
