import { TEST_PASSWORD, TEST_USERNAME, TestApp, startTestApp } from './support/test-app';

const FAILED = { success: false, statusCode: 401, message: 'Invalid username or password' };

function decodeJwtPart(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

describe('POST /api/auth/login', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  const login = (body: unknown) =>
    testApp
      .http()
      .post('/api/auth/login')
      .send(body as object);

  it('answers the right credentials with success and an HS256 token that expires in 2 hours', async () => {
    const response = await login({ username: TEST_USERNAME, password: TEST_PASSWORD }).expect(200);
    expect(response.body).toEqual({ success: true, token: expect.any(String) });
    const [header, payload] = (response.body.token as string)
      .split('.')
      .slice(0, 2)
      .map(decodeJwtPart);
    expect(header.alg).toBe('HS256');
    expect(Number(payload.exp) - Number(payload.iat)).toBe(2 * 3600);
  });

  it.each([
    ['a wrong password', { username: TEST_USERNAME, password: 'falsch' }],
    ['a wrong user name', { username: 'admin', password: TEST_PASSWORD }],
    ['a user name differing in case', { username: 'Bewerbung', password: TEST_PASSWORD }],
    ['empty fields', { username: '', password: '' }],
    ['missing fields', {}],
    ['a missing password', { username: TEST_USERNAME }],
    ['null fields', { username: null, password: null }],
  ])('answers %s with the same 401', async (_case, body) => {
    const response = await login(body).expect(401);
    expect(response.body).toEqual(FAILED);
  });

  it('answers an empty JSON body like missing credentials', async () => {
    const response = await testApp
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send('')
      .expect(401);
    expect(response.body).toEqual(FAILED);
  });

  it.each([
    ['a number as password', { username: TEST_USERNAME, password: 123456 }],
    ['an object as user name', { username: { $ne: '' }, password: TEST_PASSWORD }],
    ['an array as password', { username: TEST_USERNAME, password: [TEST_PASSWORD] }],
    ['an unknown field', { username: TEST_USERNAME, password: TEST_PASSWORD, admin: true }],
  ])('refuses %s with 400 naming the field', async (_case, body) => {
    const response = await login(body).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: 'Validation failed' });
    expect(Object.keys(response.body.errors)).toHaveLength(1);
  });

  it.each([
    ['a JSON array', '[]'],
    ['a JSON string', '"bewerbung"'],
    ['JSON null', 'null'],
    ['invalid JSON', '{"username": "bewerbung",'],
  ])('refuses %s with 400', async (_case, raw) => {
    const response = await testApp
      .http()
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(raw)
      .expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: expect.any(String) });
  });

  it.each([
    ['text/plain', 'username=bewerbung'],
    ['application/x-www-form-urlencoded', `username=${TEST_USERNAME}&password=${TEST_PASSWORD}`],
  ])('refuses the content type %s with 415', async (type, raw) => {
    const response = await testApp
      .http()
      .post('/api/auth/login')
      .set('Content-Type', type)
      .send(raw)
      .expect(415);
    expect(response.body).toEqual({ statusCode: 415, message: expect.any(String) });
  });

  it('refuses a body over 16 KiB with 413', async () => {
    const body = { username: TEST_USERNAME, password: 'x'.repeat(16 * 1024) };
    const response = await login(body).expect(413);
    expect(response.body).toEqual({ statusCode: 413, message: 'Request body too large' });
  });

  it('accepts a body just under 16 KiB', async () => {
    const padding = 16 * 1024 - 100;
    await login({ username: TEST_USERNAME, password: 'x'.repeat(padding) }).expect(401);
  });

  it('logs logins with the client address, never the password or the token', async () => {
    await login({ username: TEST_USERNAME, password: 'Leak-Me-Not' }).expect(401);
    const success = await login({ username: TEST_USERNAME, password: TEST_PASSWORD }).expect(200);
    const log = testApp.logger.text();
    expect(log).toContain('Login failed from 127.0.0.1');
    expect(log).toContain('Login succeeded from 127.0.0.1');
    expect(log).not.toContain('Leak-Me-Not');
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toContain(success.body.token);
  });
});
