import { scratchDir } from './support/scratch';
import { TEST_PASSWORD, TEST_USERNAME, TestApp, startTestApp } from './support/test-app';

const CONTACT = { name: 'Max Muster', email: 'max@example.ch', message: 'Grüezi' };

describe('rate limits behind one proxy', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp({
      LOGIN_RATE_LIMIT: '5',
      MAIL_RATE_LIMIT: '2',
      MAIL_SPOOL_DIR: scratchDir('api-spool-'),
    });
  });
  afterAll(() => testApp.close());

  // nginx appends the address it saw as the last X-Forwarded-For entry.
  const loginVia = (forwardedFor: string, password = 'falsch') =>
    testApp
      .http()
      .post('/api/auth/login')
      .set('X-Forwarded-For', forwardedFor)
      .send({ username: TEST_USERNAME, password });

  it('answers the 6th login within the minute with 429, even with the right password', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await loginVia('203.0.113.1').expect(401);
    }
    const response = await loginVia('203.0.113.1', TEST_PASSWORD).expect(429);
    expect(response.body).toEqual({ statusCode: 429, message: expect.any(String) });
  });

  it('does not let a forged X-Forwarded-For entry reset the limit', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await loginVia(`10.0.0.${attempt}, 203.0.113.2`).expect(401);
    }
    await loginVia('10.9.9.9, 203.0.113.2').expect(429);
  });

  it('counts each client address separately', async () => {
    await loginVia('203.0.113.3', TEST_PASSWORD).expect(200);
    await testApp.http().get('/api/health').set('X-Forwarded-For', '203.0.113.1').expect(200);
  });

  it('limits contact mails separately from logins', async () => {
    const send = () =>
      testApp.http().post('/api/mail').set('X-Forwarded-For', '203.0.113.1').send(CONTACT);
    await send().expect(200);
    await send().expect(200);
    await send().expect(429);
  });
});
