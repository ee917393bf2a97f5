// Behind the owner's proxy: with TRUSTED_PROXIES naming it, nginx takes the
// visitor's address from X-Forwarded-For, so the login limit counts each
// visitor; from any other address the header changes nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startFakeUpstream, type FakeUpstream, type Received } from './helpers/fake-upstream';
import { request } from './helpers/http-client';
import { startNginx, type RunningNginx } from './helpers/nginx-runner';
import { makeStaticSite } from './helpers/static-site';

// One login per visitor and minute plus a burst of one: the third is refused.
const STRICT = { NGINX_LOGIN_RATE: '1r/m', NGINX_LOGIN_BURST: '1' };

const login = (nginx: RunningNginx, visitor: string) =>
  request(`${nginx.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
    body: '{}',
  });

describe('nginx behind a trusted proxy (TRUSTED_PROXIES)', () => {
  let upstream: FakeUpstream;
  let trusting: RunningNginx;
  let distrusting: RunningNginx;

  before(async () => {
    upstream = await startFakeUpstream();
    const webRoot = await makeStaticSite();
    const settings = { webRoot, apiUpstream: upstream.address, limits: STRICT };
    trusting = await startNginx({ ...settings, trustedProxies: '127.0.0.1' });
    distrusting = await startNginx({ ...settings, trustedProxies: '10.0.0.0/8' });
  });
  after(async () => {
    await trusting?.stop();
    await distrusting?.stop();
    await upstream?.close();
  });

  it('passes the forwarded visitor to the API and limits each visitor on their own', async () => {
    const first = await login(trusting, '203.0.113.7');
    assert.equal(first.status, 200);
    const received = JSON.parse(first.body.toString()) as Received;
    assert.equal(received.headers['x-forwarded-for'], '203.0.113.7');
    assert.equal(received.headers['x-real-ip'], '203.0.113.7');
    assert.equal((await login(trusting, '203.0.113.7')).status, 200);
    assert.equal((await login(trusting, '203.0.113.7')).status, 429);
    assert.equal((await login(trusting, '198.51.100.20')).status, 200);
  });

  it('ignores the header from an address that is not trusted', async () => {
    const first = await login(distrusting, '203.0.113.7');
    assert.equal(first.status, 200);
    assert.equal(
      (JSON.parse(first.body.toString()) as Received).headers['x-forwarded-for'],
      '127.0.0.1',
    );
    assert.equal((await login(distrusting, '198.51.100.20')).status, 200);
    assert.equal((await login(distrusting, '192.0.2.99')).status, 429);
  });
});
