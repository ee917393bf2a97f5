import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { scratchDir } from './support/scratch';
import { TestApp, startTestApp } from './support/test-app';

describe('POST /api/mail without SMTP_HOST', () => {
  let testApp: TestApp;
  let spoolDir: string;

  beforeAll(async () => {
    spoolDir = join(scratchDir('api-spool-'), 'mail-spool');
    testApp = await startTestApp({ MAIL_SPOOL_DIR: spoolDir, MAIL_TO: 'owner@example.ch' });
  });
  afterAll(() => testApp.close());

  it('writes the mail as an .eml file into the spool folder and logs it', async () => {
    const contact = { name: 'Beat Keller', email: 'beat@example.ch', message: 'Hallo zusammen' };
    await testApp.http().post('/api/mail').send(contact).expect(200, { success: true });

    const files = await readdir(spoolDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = await simpleParser(await readFile(join(spoolDir, files[0])));
    expect(mail.subject).toBe('Kontaktanfrage von Beat Keller');
    expect(mail.replyTo?.value[0]).toMatchObject({
      address: 'beat@example.ch',
      name: 'Beat Keller',
    });
    expect(mail.text).toContain('Hallo zusammen');
    expect(testApp.logger.text()).toContain(`spooled to ${join(spoolDir, files[0])}`);
  });
});
