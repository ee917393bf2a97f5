import { TestApp, startTestApp } from './support/test-app';

describe('health and errors', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('answers the health check without a token', async () => {
    const response = await testApp.http().get('/api/health').expect(200);
    expect(response.body).toEqual({
      status: 'ok',
      mail: { queued: 0, failed: 0, quarantined: 0, oldestQueuedSeconds: 0 },
    });
  });

  it('answers unknown routes with the one JSON error shape', async () => {
    const response = await testApp.http().get('/api/nothing-here').expect(404);
    expect(response.body).toEqual({ statusCode: 404, message: expect.any(String) });
  });

  it('serves nothing outside the api prefix', async () => {
    await testApp.http().get('/health').expect(404);
  });

  it('does not announce the framework', async () => {
    const response = await testApp.http().get('/api/health');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
