import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './support/scratch';
import { SmtpSink } from './support/smtp-sink';
import { until } from './support/until';
import { TestApp, TestEnv, startTestApp } from './support/test-app';

const CONTACT = {
  name: 'Anna Müller',
  email: 'anna@example.ch',
  message: 'Grüezi aus dem Outbox-Test',
};

const newOutbox = () => scratchDir('portfolio-outbox-test-');
const filesIn = (outbox: string, folder: string) => {
  try {
    return readdirSync(join(outbox, folder));
  } catch {
    return [];
  }
};
// A retry writes the message back to queue/ before it leaves sending/, so for a
// moment one message is a file in both: count messages, not files.
const messagesIn = (outbox: string) =>
  new Set([...filesIn(outbox, 'queue'), ...filesIn(outbox, 'sending')]).size;

describe('the mail outbox', () => {
  let sink: SmtpSink;
  const apps: TestApp[] = [];

  const start = async (outbox: string, env: TestEnv = {}) => {
    const app = await startTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      MAIL_TO: 'owner@example.ch',
      MAIL_OUTBOX_DIR: outbox,
      MAIL_RETRY_SCHEDULE: '1s',
      ...env,
    });
    apps.push(app);
    return app;
  };
  const health = async (app: TestApp) => (await app.http().get('/api/health').expect(200)).body;

  beforeEach(async () => {
    sink = new SmtpSink();
    await sink.start();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await sink.stop();
  });

  it('accepts while the server is down, shows the queue, then delivers once it is back', async () => {
    const outbox = newOutbox();
    const app = await start(outbox);
    await sink.stop();
    const response = await app.http().post('/api/mail').send(CONTACT).expect(200);
    expect(response.body).toEqual({ success: true });
    await until(() => app.logger.text().includes('Mail delivery failing'), 'the outage line');
    expect(filesIn(outbox, 'queue')).toHaveLength(1);
    expect((await health(app)).mail).toMatchObject({ queued: 1, failed: 0 });

    await sink.start();
    const [mail] = await sink.waitForMails(1);
    expect(mail.to).toMatchObject({ value: [{ address: 'owner@example.ch' }] });
    expect(mail.replyTo?.value).toEqual([{ address: CONTACT.email, name: CONTACT.name }]);
    expect(mail.subject).toBe('Kontaktanfrage von Anna Müller');
    expect(mail.text).toContain(CONTACT.message);
    await until(async () => (await health(app)).mail.queued === 0, 'an empty outbox');
    expect(filesIn(outbox, 'queue')).toEqual([]);
    expect(filesIn(outbox, 'sending')).toEqual([]);
    const log = app.logger.text();
    expect(log.match(/Mail delivery failing/g)).toHaveLength(1);
    expect(log).toContain('Mail delivery works again');
  });

  it('delivers a queued message after the API restarts', async () => {
    const outbox = newOutbox();
    await sink.stop();
    const first = await start(outbox);
    await first.http().post('/api/mail').send(CONTACT).expect(200);
    await until(() => first.logger.text().includes('Mail delivery failing'), 'a failed attempt');
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    await sink.start();
    await start(outbox);
    expect((await sink.waitForMails(1))[0].text).toContain(CONTACT.message);
  });

  it('moves a message that keeps failing past the maximum age to failed/, with the error', async () => {
    const outbox = newOutbox();
    const refusing = new SmtpSink({
      onRcptTo: (_address, _session, callback) => callback(new Error('Mailbox unavailable')),
    });
    await refusing.start();
    const app = await start(outbox, { SMTP_PORT: String(refusing.port), MAIL_RETRY_MAX_AGE: '2s' });
    try {
      await app.http().post('/api/mail').send(CONTACT).expect(200);
      await until(() => filesIn(outbox, 'failed').length === 2, 'the message in failed/');
      const errorFile = filesIn(outbox, 'failed').find((name) => name.endsWith('.error.txt'));
      expect(readFileSync(join(outbox, 'failed', errorFile as string), 'utf8')).toContain(
        'Mailbox unavailable',
      );
      // The count follows the files once the move is complete.
      await until(async () => (await health(app)).mail.failed === 1, 'the failed count');
      expect((await health(app)).mail).toMatchObject({ queued: 0, failed: 1 });
    } finally {
      await refusing.stop();
    }
  });

  it('answers 503 when the message cannot be stored', async () => {
    // A file where the outbox folder should be: no user, root included, can store there.
    const notAFolder = join(newOutbox(), 'not-a-folder');
    writeFileSync(notAFolder, '');
    const app = await start(notAFolder);
    const response = await app.http().post('/api/mail').send(CONTACT).expect(503);
    expect(response.body).toEqual({ statusCode: 503, message: 'The message could not be stored' });
    expect(app.logger.text()).toContain('not stored');
  });

  it('delivers each message once with two API processes on one outbox', async () => {
    const outbox = newOutbox();
    await sink.stop();
    const one = await start(outbox);
    const two = await start(outbox);
    for (let i = 0; i < 4; i += 1) {
      const app = i % 2 === 0 ? one : two;
      await app
        .http()
        .post('/api/mail')
        .send({ ...CONTACT, message: `Nachricht ${i}` })
        .expect(200);
    }
    await sink.start();
    await sink.waitForMails(4);
    await until(() => messagesIn(outbox) === 0, 'an empty outbox');
    const texts = sink.mails.map((mail) => /Nachricht \d/.exec(mail.text ?? '')?.[0]).sort();
    expect(texts).toEqual(['Nachricht 0', 'Nachricht 1', 'Nachricht 2', 'Nachricht 3']);
  });

  it('moves an empty and a cut-short queue file to quarantine/ and still delivers the rest', async () => {
    const outbox = newOutbox();
    mkdirSync(join(outbox, 'queue'), { recursive: true });
    writeFileSync(join(outbox, 'queue', '000000000000001-empty.json'), '');
    writeFileSync(join(outbox, 'queue', '000000000000002-cut.json'), '{"id":"000000000000002-cu');
    const app = await start(outbox);
    await app.http().post('/api/mail').send(CONTACT).expect(200);

    expect((await sink.waitForMails(1))[0].text).toContain(CONTACT.message);
    await until(async () => (await health(app)).mail.queued === 0, 'an empty queue');
    expect((await health(app)).mail).toMatchObject({ queued: 0, quarantined: 2 });
    expect(filesIn(outbox, 'quarantine').sort()).toEqual([
      '000000000000001-empty.json',
      '000000000000002-cut.json',
    ]);
    const log = app.logger.text();
    expect(log).toContain('queue/000000000000001-empty.json is unreadable (empty file)');
    expect(log.match(/is unreadable/g)).toHaveLength(2);
  });

  it('refuses new messages with 503 beyond its bound, says so once, and takes them again', async () => {
    const outbox = newOutbox();
    await sink.stop();
    const app = await start(outbox, { MAIL_OUTBOX_MAX_MESSAGES: '2' });
    await app.http().post('/api/mail').send(CONTACT).expect(200);
    await app.http().post('/api/mail').send(CONTACT).expect(200);
    for (let i = 0; i < 3; i += 1) {
      const refused = await app.http().post('/api/mail').send(CONTACT).expect(503);
      expect(refused.body).toEqual({ statusCode: 503, message: 'The message could not be stored' });
    }
    expect(messagesIn(outbox)).toBe(2);
    expect(app.logger.text().match(/Mail outbox full/g)).toHaveLength(1);

    await sink.start();
    await sink.waitForMails(2);
    await until(async () => (await health(app)).mail.queued === 0, 'an empty queue');
    await app.http().post('/api/mail').send(CONTACT).expect(200);
    await sink.waitForMails(3);
  });
});
