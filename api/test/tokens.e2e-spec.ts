import { TEST_JWT_SECRET, TestApp, loginToken, startTestApp } from './support/test-app';
import { craftToken, nowSeconds } from './support/tokens';

const GUARDED_ROUTES = [
  '/api/documents',
  '/api/download/bewerbungsdossier.pdf',
  '/api/download-all',
];

describe('bearer tokens on guarded routes', () => {
  let testApp: TestApp;
  let validToken: string;

  beforeAll(async () => {
    testApp = await startTestApp();
    validToken = await loginToken(testApp);
  });
  afterAll(() => testApp.close());

  const claims = () => ({ sub: 'bewerbung', iat: nowSeconds(), exp: nowSeconds() + 600 });

  function tampered(): string {
    const [header, , signature] = validToken.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims(), sub: 'admin' })).toString(
      'base64url',
    );
    return `${header}.${payload}.${signature}`;
  }

  function unsignedNone(): string {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims())}.`;
  }

  const cases: Array<[string, () => string | undefined]> = [
    ['no Authorization header', () => undefined],
    ['a token without the Bearer scheme', () => validToken],
    ['a Basic scheme', () => `Basic ${Buffer.from('bewerbung:x').toString('base64')}`],
    ['garbage', () => 'Bearer not.a.token'],
    ['an empty bearer', () => 'Bearer '],
    ['alg none', () => `Bearer ${unsignedNone()}`],
    [
      'another key',
      () => `Bearer ${craftToken(claims(), 'another-secret-that-is-long-enough-xyz')}`,
    ],
    ['a tampered payload', () => `Bearer ${tampered()}`],
    [
      'an expired token',
      () =>
        `Bearer ${craftToken({ ...claims(), iat: nowSeconds() - 7200, exp: nowSeconds() - 60 }, TEST_JWT_SECRET)}`,
    ],
    [
      'a token without exp',
      () => `Bearer ${craftToken({ sub: 'bewerbung', iat: nowSeconds() }, TEST_JWT_SECRET)}`,
    ],
    [
      'HS512 with the right key',
      () => `Bearer ${craftToken(claims(), TEST_JWT_SECRET, { alg: 'HS512', typ: 'JWT' })}`,
    ],
  ];

  describe.each(GUARDED_ROUTES)('%s', (route) => {
    it.each(cases)('refuses %s with 401', async (_case, authorization) => {
      const call = testApp.http().get(route);
      const header = authorization();
      if (header !== undefined) call.set('Authorization', header);
      const response = await call.expect(401);
      expect(response.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
    });

    it('accepts the token from the login', async () => {
      await testApp.http().get(route).set('Authorization', `Bearer ${validToken}`).expect(200);
    });
  });

  it('accepts a hand-made token signed with the configured key (the contract is HS256 + exp)', async () => {
    const token = craftToken(claims(), TEST_JWT_SECRET);
    await testApp.http().get('/api/documents').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('logs refused requests with the client address, never the token', async () => {
    await testApp
      .http()
      .get('/api/documents')
      .set('Authorization', 'Bearer secret-looking-garbage');
    const log = testApp.logger.text();
    expect(log).toContain('Refused GET /api/documents from 127.0.0.1');
    expect(log).not.toContain('secret-looking-garbage');
  });
});
