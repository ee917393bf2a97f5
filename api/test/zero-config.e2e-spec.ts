import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyTestEnv,
  loginToken,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
} from './support/test-app';
import { scratchDir } from './support/scratch';
import { createApp } from '../src/app.setup';
import { readEnvFile } from '../src/config/env-file';
import { REPO_ROOT } from '../src/config/paths';

// The mail addresses `cp .env.example .env` gives.
const { MAIL_TO, MAIL_FROM } = readEnvFile(join(REPO_ROOT, '.env.example'));
const exampleMail = { MAIL_TO, MAIL_FROM };

describe('start-up configuration', () => {
  const MADE =
    /One-time password for user "bewerbung" \(stays valid until you set your own with make password\): (\S+)/g;
  const STILL_HOLDS =
    /The one-time password for user "bewerbung" made on (\d{4}-\d{2}-\d{2}) still holds \(shown in the log of that start\); set your own with make password\./g;
  const login = (testApp: TestApp, password: string) =>
    testApp.http().post('/api/auth/login').send({ username: 'bewerbung', password });

  /** A start without AUTH_PASSWORD_HASH on `accessDir`: its log and the password it printed. */
  async function startWithout(accessDir: string) {
    const testApp = await startTestApp({ AUTH_PASSWORD_HASH: '', ACCESS_DIR: accessDir });
    const log = testApp.logger.text();
    return { testApp, log, printed: [...log.matchAll(MADE)].map((match) => match[1]) };
  }

  it('without a password hash, prints a one-time password once and accepts it', async () => {
    const testApp = await startTestApp({ AUTH_PASSWORD_HASH: '', JWT_SECRET: '' });
    try {
      const log = testApp.logger.text();
      const matches = [...log.matchAll(MADE)];
      expect(matches).toHaveLength(1);
      expect([...log.matchAll(STILL_HOLDS)]).toHaveLength(0);
      const password = matches[0][1];
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(log).toContain('JWT_SECRET is not set');

      const response = await login(testApp, password).expect(200);
      await testApp
        .http()
        .get('/api/documents')
        .set('Authorization', `Bearer ${response.body.token}`)
        .expect(200);
    } finally {
      await testApp.close();
    }
  });

  it('keeps the one-time password beside the accesses as a hash only, owner-only', async () => {
    const accessDir = scratchDir('portfolio-access-');
    const { testApp, printed } = await startWithout(accessDir);
    await testApp.close();
    const file = join(accessDir, 'one-time-password.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(stored).sort()).toEqual(['createdAt', 'hash']);
    expect(stored.hash).toMatch(/^scrypt:/);
    expect(readFileSync(file, 'utf8')).not.toContain(printed[0]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the one-time password across a restart and never prints it again', async () => {
    const accessDir = scratchDir('portfolio-access-');
    const first = await startWithout(accessDir);
    const [password] = first.printed;
    await first.testApp.close();

    const restarted = await startWithout(accessDir);
    try {
      expect(restarted.printed).toEqual([]);
      expect(restarted.log).not.toContain(password);
      const [holds, ...more] = [...restarted.log.matchAll(STILL_HOLDS)];
      expect(more).toHaveLength(0);
      const { createdAt } = JSON.parse(
        readFileSync(join(accessDir, 'one-time-password.json'), 'utf8'),
      );
      expect(holds[1]).toBe(createdAt.slice(0, 10));
      await login(restarted.testApp, password).expect(200);
    } finally {
      await restarted.testApp.close();
    }
  });

  it('uses a set AUTH_PASSWORD_HASH instead, says nothing of the kept one and leaves it', async () => {
    const accessDir = scratchDir('portfolio-access-');
    const first = await startWithout(accessDir);
    const [oneTime] = first.printed;
    await first.testApp.close();
    const kept = readFileSync(join(accessDir, 'one-time-password.json'), 'utf8');

    const testApp = await startTestApp({ ACCESS_DIR: accessDir });
    try {
      expect(testApp.logger.text()).not.toMatch(/one-time password/i);
      await login(testApp, TEST_PASSWORD).expect(200);
      await login(testApp, oneTime).expect(401);
      expect(readFileSync(join(accessDir, 'one-time-password.json'), 'utf8')).toBe(kept);
    } finally {
      await testApp.close();
    }
  });

  it('makes a different one-time password for each new data folder', async () => {
    const passwords: string[] = [];
    for (let start = 0; start < 2; start += 1) {
      const { testApp, printed } = await startWithout(scratchDir('portfolio-access-'));
      passwords.push(printed[0] ?? '');
      await testApp.close();
    }
    expect(passwords[0]).not.toEqual('');
    expect(passwords[0]).not.toEqual(passwords[1]);
  });

  it('refuses to start on a damaged one-time password file and says what to do', async () => {
    const accessDir = scratchDir('portfolio-access-');
    writeFileSync(join(accessDir, 'one-time-password.json'), '{"hash":');
    await applyTestEnv({ AUTH_PASSWORD_HASH: '', ACCESS_DIR: accessDir });
    const start = async () => {
      const app = await createApp({ logger: false, abortOnError: false });
      await app.init().finally(() => app.close());
    };
    await expect(start()).rejects.toThrow(
      /one-time-password\.json is damaged \(not JSON\): set AUTH_PASSWORD_HASH \(make password\)/,
    );
  });

  it('signs tokens with the lifetime from JWT_EXPIRES_IN', async () => {
    const testApp = await startTestApp({ JWT_EXPIRES_IN: '30m' });
    try {
      const token = await loginToken(testApp);
      const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
      expect(payload.exp - payload.iat).toBe(1800);
    } finally {
      await testApp.close();
    }
  });

  it.each([
    [
      'a short JWT_SECRET',
      { JWT_SECRET: 'too-short' },
      'JWT_SECRET must be at least 32 characters',
    ],
    [
      'a malformed password hash',
      { AUTH_PASSWORD_HASH: 'plaintext' },
      'AUTH_PASSWORD_HASH is not a hash',
    ],
    ['a bad port', { API_PORT: 'eighty' }, 'API_PORT must be a whole number'],
    ['a bad token lifetime', { JWT_EXPIRES_IN: 'soon' }, 'JWT_EXPIRES_IN must be a duration'],
    ['a domain with a scheme', { DOMAIN: 'https://example.ch' }, 'DOMAIN must be a domain name'],
    [
      ".env.example's mail addresses and a real mail server",
      { ...exampleMail, SMTP_HOST: 'smtp.beispiel.ch' },
      'MAIL_TO (owner@example.com) is a placeholder at example.com',
    ],
    [
      'a missing manifest',
      { DOCUMENTS_DIR: '/nonexistent-documents' },
      'Invalid document manifest',
    ],
  ])('refuses to start with %s and says why', async (_case, env, message) => {
    await applyTestEnv(env);
    // Configuration fails while creating the app, the manifest while initialising it.
    const start = async () => {
      const app = await createApp({ logger: false, abortOnError: false });
      await app.init().finally(() => app.close());
    };
    await expect(start()).rejects.toThrow(message);
  });
});
