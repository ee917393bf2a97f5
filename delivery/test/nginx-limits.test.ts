// nginx's limits as a client meets them: every spelling of a limited route
// the API would answer counts against the same budget, a client with too
// many requests under way is refused, and bodies larger than a route needs
// never reach the API (the owner's PDF upload is the one large body).
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startFront, type Front } from './helpers/front';
import { assertSecurityHeaders } from './helpers/headers';
import { request } from './helpers/http-client';
import { until } from './helpers/until';

/** A request left under way; abandon() closes its connection. */
function hold(url: string): { abandon(): void } {
  const req = http.request(url, { agent: false });
  req.on('error', () => undefined);
  req.end();
  return { abandon: () => req.destroy() };
}

describe('nginx limits', () => {
  let front: Front;
  const url = (path: string) => front.url(path);
  const post = (path: string, body = '{}') =>
    request(url(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  before(async () => {
    // Two requests under way at once.
    front = await startFront({ NGINX_CONN_LIMIT: '2' });
  });

  after(() => front?.stop());

  it('refuses bodies larger than the route needs before they reach the API', async () => {
    assert.equal((await post('/api/auth/login', 'x'.repeat(5 * 1024))).status, 413);
    assert.equal((await post('/api/Auth/Login/', 'x'.repeat(5 * 1024))).status, 413);
    assert.equal((await post('/api/auth/access', 'x'.repeat(5 * 1024))).status, 413);
    assert.equal((await post('/api/mail', 'x'.repeat(17 * 1024))).status, 413);
    assert.equal((await post('/api/MAIL/', 'x'.repeat(17 * 1024))).status, 413);
    assert.equal(front.upstream.pending(), 0);
  });

  it("passes the owner's PDF upload on as it arrives, a little over the API's 10 MB, and no more", async () => {
    const upload = (method: string, path: string, bytes: number) =>
      request(url(path), {
        method,
        headers: { 'content-type': 'application/pdf' },
        body: Buffer.alloc(bytes, 0x20),
      });
    const big = 10 * 1024 * 1024 + 1;
    for (const [method, path] of [
      ['POST', '/api/owner/accesses/a1/letters?name=Brief'],
      ['PUT', '/api/Owner/Accesses/a1/letters/l1/'],
    ]) {
      const passed = await upload(method, path, big);
      assert.equal(passed.status, 200, path);
      assert.equal((JSON.parse(passed.body.toString()) as { bodyBytes: number }).bodyBytes, big);
      assert.equal((await upload(method, path, 12 * 1024 * 1024)).status, 413, path);
    }
    // Every other route keeps its bound.
    assert.equal((await upload('POST', '/api/owner/accesses', 40 * 1024)).status, 413);
    assert.equal(
      (await upload('POST', '/api/owner/accesses/a1/letters/l1/x', 40 * 1024)).status,
      413,
    );
    assert.equal(front.upstream.pending(), 0);
  });

  it('counts every spelling of the login route the API answers against one limit', async () => {
    const statuses = [];
    for (const path of [
      '/api/Auth/login',
      '/api/auth/login/',
      '/api/AUTH/LOGIN/',
      '/api/auth/login',
    ])
      statuses.push((await post(path)).status);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    // An access link's code is a login too: the same budget, the same 4 KiB body.
    for (const path of [
      '/api/auth/Login',
      '/api/auth/login/',
      '/api/Auth/Login/',
      '/api/auth/access',
      '/api/Auth/Access/',
    ]) {
      const refused = await post(path);
      assert.equal(refused.status, 429, path);
      assertSecurityHeaders(refused.headers, `429 for ${path}`);
    }
    assert.equal((await post('/API/auth/login')).status, 405, 'outside /api/: never the API');
  });

  it('counts every spelling of the mail route against one limit', async () => {
    const statuses = [];
    for (const path of ['/api/Mail', '/api/mail/', '/api/MAIL'])
      statuses.push((await post(path)).status);
    assert.deepEqual(statuses, [200, 200, 429]);
    assert.equal((await post('/api/mail')).status, 429);
  });

  it('refuses a client more requests under way than NGINX_CONN_LIMIT, and takes it back after', async () => {
    const held = [hold(url('/api/slow/1')), hold(url('/api/slow/2'))];
    await until(() => front.upstream.pending() === 2, 'two requests under way');
    const refused = await request(url('/'));
    assert.equal(refused.status, 429);
    assertSecurityHeaders(refused.headers, 'connection limit');
    assert.equal((await request(url('/api/documents'))).status, 429);

    for (const pending of held) pending.abandon();
    await until(() => front.upstream.pending() === 0, 'the held requests to end');
    assert.equal((await request(url('/'))).status, 200);
  });
});
