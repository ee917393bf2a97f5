import { TestApp, startTestApp } from './support/test-app';

describe('log lines of refused requests', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(() => testApp.close());

  it('keep a bounded prefix of a long path and a bounded number of lines', async () => {
    const longPath = `/api/download/${'a'.repeat(6000)}.pdf`;
    for (let i = 0; i < 50; i += 1) await testApp.http().get(longPath).expect(401);

    const refusals = testApp.logger.lines.filter((line) => line.includes('no valid token'));
    expect(refusals).toHaveLength(20);
    for (const line of refusals) expect(line.length).toBeLessThan(300);
    expect(refusals[0]).toContain('… (6018 characters)');
    expect(testApp.logger.text().length).toBeLessThan(20_000);
  });
});
