import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashPassword } from '../src/passwords/password-hash';
import { getBytes } from './support/binary';
import { REPO_DOCUMENTS_DIR, readRepoManifest } from './support/documents-fixture';
import { SmtpSink } from './support/smtp-sink';
import {
  TEST_PASSWORD,
  TEST_USERNAME,
  TestApp,
  loginToken,
  startTestApp,
} from './support/test-app';

/** Everything jest could fake but Date. */
const TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

describe('bounds on guessing the shared password', () => {
  let sink: SmtpSink;
  let testApp: TestApp;

  beforeEach(async () => {
    sink = new SmtpSink();
    await sink.start();
  });
  afterEach(async () => {
    jest.useRealTimers();
    await testApp.close();
    await sink.stop();
  });

  const start = (env: Record<string, string> = {}) =>
    startTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(sink.port),
      MAIL_TO: 'owner@example.ch',
      LOGIN_RATE_LIMIT: '5',
      ...env,
    });
  const loginFrom = (address: string, password = 'falsch') =>
    testApp
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', address)
      .send({ username: TEST_USERNAME, password });

  it('counts the IPv6 addresses of one /64 as one client: 429 from the 6th attempt', async () => {
    testApp = await start();
    const statuses: number[] = [];
    for (let host = 1; host <= 20; host += 1)
      statuses.push((await loginFrom(`2001:db8:1:2::${host.toString(16)}`)).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    await loginFrom('2001:db8:1:3::1', TEST_PASSWORD).expect(200);
  });

  it('locks the account after 30 failures from 60 addresses, tells the owner once, then opens again', async () => {
    testApp = await start({ LOGIN_ACCOUNT_WINDOW: '6s' });
    // The clock stands still while the 60 logins run, however slow the machine: all fall in
    // one window. Only Date is faked; timers and sockets run as they do.
    const start0 = Date.now();
    jest.useFakeTimers({ doNotFake: [...TIMERS], now: start0 });
    const statuses: number[] = [];
    for (let host = 1; host <= 60; host += 1)
      statuses.push((await loginFrom(`198.51.100.${host}`)).status);
    expect(statuses).toEqual([...Array(30).fill(401), ...Array(30).fill(429)]);

    // The right password gets the same answer during the lock.
    const locked = await loginFrom('192.0.2.77', TEST_PASSWORD).expect(429);
    expect(locked.body).toEqual({ statusCode: 429, message: expect.any(String) });

    const [notice] = await sink.waitForMails(1);
    expect(notice.subject).toBe('Anmeldung vorübergehend gesperrt');
    expect(notice.to).toMatchObject({ value: [{ address: 'owner@example.ch' }] });
    expect(notice.text).toContain('30 Anmeldungen mit falschem Passwort');
    expect(testApp.logger.text().match(/Login locked for every address/g)).toHaveLength(1);

    // The window's end: the right password is let in again.
    jest.setSystemTime(start0 + 6000);
    await loginFrom('192.0.2.101', TEST_PASSWORD).expect(200);
    expect(sink.mails).toHaveLength(1);
  });

  it('runs at most two password checks at once, refuses the surplus, and documents still arrive', async () => {
    // The production cost (32 MiB per check), so that checks really overlap.
    testApp = await start({
      AUTH_PASSWORD_HASH: await hashPassword(TEST_PASSWORD),
      LOGIN_RATE_LIMIT: '1000',
    });
    const token = await loginToken(testApp);
    const [file] = (await readRepoManifest())[0].files;

    const logins = Array.from({ length: 12 }, (_, i) =>
      loginFrom(`203.0.113.${i + 10}`).then((r) => r.status),
    );
    const download = getBytes(testApp, `/api/download/${file.filename}`, token);
    const [statuses, document] = await Promise.all([Promise.all(logins), download]);

    expect(document.status).toBe(200);
    expect(document.body).toEqual(await readFile(join(REPO_DOCUMENTS_DIR, file.filename)));
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(2);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });
});
