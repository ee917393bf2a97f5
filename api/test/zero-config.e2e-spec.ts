import { applyTestEnv, loginToken, startTestApp } from './support/test-app';
import { createApp } from '../src/app.setup';

describe('start-up configuration', () => {
  it('without a password hash, prints a one-time password once and accepts it', async () => {
    const testApp = await startTestApp({ AUTH_PASSWORD_HASH: '', JWT_SECRET: '' });
    try {
      const log = testApp.logger.text();
      const matches = [
        ...log.matchAll(/One-time password for user "bewerbung" \(valid until restart\): (\S+)/g),
      ];
      expect(matches).toHaveLength(1);
      const password = matches[0][1];
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(log).toContain('JWT_SECRET is not set');

      const response = await testApp
        .http()
        .post('/api/auth/login')
        .send({ username: 'bewerbung', password })
        .expect(200);
      await testApp
        .http()
        .get('/api/documents')
        .set('Authorization', `Bearer ${response.body.token}`)
        .expect(200);
    } finally {
      await testApp.close();
    }
  });

  it('makes a different one-time password for each start', async () => {
    const passwords: string[] = [];
    for (let start = 0; start < 2; start += 1) {
      const testApp = await startTestApp({ AUTH_PASSWORD_HASH: '' });
      passwords.push(/valid until restart\): (\S+)/.exec(testApp.logger.text())?.[1] ?? '');
      await testApp.close();
    }
    expect(passwords[0]).not.toEqual(passwords[1]);
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
