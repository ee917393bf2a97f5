import { SmtpSink } from './support/smtp-sink';
import { TestApp, startTestApp } from './support/test-app';

const CONTACT = {
  name: 'Anna Müller',
  email: 'anna.mueller@example.ch',
  message: 'Grüezi\nIch interessiere mich für Ihre Bewerbung.',
};

const addresses = (field: { value: Array<{ address?: string; name: string }> } | undefined) =>
  field?.value.map(({ address, name }) => ({ address, name }));

describe('POST /api/mail through SMTP', () => {
  let sink: SmtpSink;
  let testApp: TestApp;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    testApp = await startTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      MAIL_TO: 'owner@example.ch',
      MAIL_FROM: 'Portfolio <noreply@example.ch>',
    });
  });
  afterAll(async () => {
    await testApp.close();
    await sink.stop();
  });
  beforeEach(() => {
    sink.mails.length = 0;
  });

  const send = (body: object) => testApp.http().post('/api/mail').send(body);

  it('delivers the message to the owner with Reply-To the visitor', async () => {
    const response = await send({ ...CONTACT, name: '  Anna Müller ', referrer: '' }).expect(200);
    expect(response.body).toEqual({ success: true });
    const [mail] = await sink.waitForMails(1);
    expect(addresses(mail.to as never)).toEqual([{ address: 'owner@example.ch', name: '' }]);
    expect(addresses(mail.from)).toEqual([{ address: 'noreply@example.ch', name: 'Portfolio' }]);
    expect(addresses(mail.replyTo)).toEqual([{ address: CONTACT.email, name: CONTACT.name }]);
    expect(mail.subject).toBe('Kontaktanfrage von Anna Müller');
    expect(mail.text).toContain('Name: Anna Müller\n');
    expect(mail.text).toContain(`E-Mail: ${CONTACT.email}\n`);
    expect(mail.text).toContain(`Nachricht:\n${CONTACT.message}`);
    expect(mail.text).toContain('Sprache des Formulars: Deutsch\n');
  });

  it.each([
    ['de', 'Deutsch'],
    ['en', 'Englisch'],
  ])('names the form language %s in German in the mail', async (language, name) => {
    await send({ ...CONTACT, language }).expect(200);
    const [mail] = await sink.waitForMails(1);
    expect(mail.subject).toBe(`Kontaktanfrage von ${CONTACT.name}`);
    expect(mail.text).toContain(`Sprache des Formulars: ${name}\n`);
  });

  it('accepts a message of exactly 750 characters', async () => {
    await send({ ...CONTACT, message: 'a'.repeat(750) }).expect(200);
    expect((await sink.waitForMails(1))[0].text).toContain('a'.repeat(750));
  });

  it('answers a filled honeypot like a success and sends nothing', async () => {
    const response = await send({ ...CONTACT, referrer: 'https://spam.example' }).expect(200);
    expect(response.body).toEqual({ success: true });
    expect(sink.mails).toHaveLength(0);
    expect(testApp.logger.text()).toContain('Honeypot filled by 127.0.0.1');
  });

  it.each([
    ['an empty name', { name: '' }, 'name'],
    ['a whitespace name', { name: '   ' }, 'name'],
    ['a missing name', { name: undefined }, 'name'],
    ['a name with CR/LF', { name: 'Anna\r\nBcc: victim@example.ch' }, 'name'],
    ['a name ending in a line break', { name: 'Anna\n' }, 'name'],
    ['an e-mail without at-sign', { email: 'anna.example.ch' }, 'email'],
    ['an e-mail without a dot', { email: 'anna@example' }, 'email'],
    ['an e-mail with a line break', { email: 'anna@example.ch\nBcc: victim@example.ch' }, 'email'],
    ['an e-mail with two at-signs', { email: 'a@b@example.ch' }, 'email'],
    ['an empty message', { message: '' }, 'message'],
    ['a whitespace message', { message: ' \n\t ' }, 'message'],
    ['a message of 751 characters', { message: 'a'.repeat(751) }, 'message'],
    ['a number as name', { name: 42 }, 'name'],
    ['a non-string honeypot', { referrer: 1 }, 'referrer'],
    ['an extra field', { cc: 'victim@example.ch' }, 'cc'],
    ['an unknown language', { language: 'fr' }, 'language'],
    ['a language that is not a string', { language: ['en'] }, 'language'],
  ])('refuses %s with 400 naming the field and sends nothing', async (_case, change, field) => {
    const response = await send({ ...CONTACT, ...change }).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: 'Validation failed' });
    expect(Object.keys(response.body.errors)).toEqual([field]);
    expect(sink.mails).toHaveLength(0);
  });
});

describe('POST /api/mail with SMTP authentication', () => {
  it('logs in with SMTP_USER and SMTP_PASS', async () => {
    const logins: string[] = [];
    const sink = new SmtpSink({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth: (auth, _session, callback) => {
        logins.push(`${auth.username}:${auth.password}`);
        callback(null, { user: auth.username });
      },
    });
    await sink.start();
    const testApp = await startTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      SMTP_USER: 'mailer',
      SMTP_PASS: 'smtp-secret',
      MAIL_TO: 'owner@example.ch',
    });
    try {
      await testApp.http().post('/api/mail').send(CONTACT).expect(200);
      await sink.waitForMails(1);
      expect(logins).toEqual(['mailer:smtp-secret']);
    } finally {
      await testApp.close();
      await sink.stop();
    }
  });
});
