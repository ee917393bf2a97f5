// The front as a browser or client meets it: system nginx on the rendered
// template, in front of a stand-in bundle and a stand-in API.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { type Received } from './helpers/fake-upstream';
import { startFront, type Front } from './helpers/front';
import { assertSecurityHeaders } from './helpers/headers';
import { request } from './helpers/http-client';
import {
  ALL_PROJECTS_HTML,
  APP_JS,
  EN_ALL_PROJECTS_HTML,
  EN_INDEX_HTML,
  EN_NOT_FOUND_HTML,
  EN_SPA_HTML,
  INDEX_HTML,
  NOT_FOUND_HTML,
  OWNER_HTML,
  PRECOMPRESSED_CSS,
  SPA_HTML,
} from './helpers/static-site';

describe('nginx front (plain HTTP)', () => {
  let front: Front;
  const url = (path: string) => front.url(path);

  before(async () => {
    front = await startFront();
  });

  after(() => front?.stop());

  it('serves the prerendered pages and the shell for the app-rendered ones, never cached', async () => {
    const expected: Record<string, string> = {
      '/': INDEX_HTML,
      '/all-projects': ALL_PROJECTS_HTML,
      '/all-projects?sprache=SQL': SPA_HTML,
      '/protected': SPA_HTML,
      '/verwaltung': OWNER_HTML,
      '/en/': EN_INDEX_HTML,
      '/en/all-projects': EN_ALL_PROJECTS_HTML,
      '/en/all-projects?sprache=SQL': EN_SPA_HTML,
      '/en/protected': EN_SPA_HTML,
    };
    for (const [path, body] of Object.entries(expected)) {
      const res = await request(url(path));
      assert.equal(res.status, 200, path);
      assert.equal(res.body.toString(), body, path);
      assert.match(String(res.headers['content-type']), /^text\/html/, path);
      assert.equal(res.headers['cache-control'], 'no-cache', path);
    }
  });

  it('keeps the app-rendered pages out of search engines, and only those', async () => {
    const hidden = ['/protected', '/en/protected', '/verwaltung', '/verwaltung.html'];
    for (const path of [...hidden, '/all-projects?sprache=SQL'])
      assert.equal((await request(url(path))).headers['x-robots-tag'], 'noindex, nofollow', path);
    for (const path of ['/', '/all-projects', '/en/', '/en/all-projects'])
      assert.equal((await request(url(path))).headers['x-robots-tag'], undefined, path);
  });

  it('answers an unknown path with 404 and the prerendered 404 page of its language', async () => {
    const expected: Record<string, string> = {
      '/gibt-es-nicht': NOT_FOUND_HTML,
      '/no/such/page': NOT_FOUND_HTML,
      '/protected/more': NOT_FOUND_HTML,
      '/en/does-not-exist': EN_NOT_FOUND_HTML,
      '/en/protected/more': EN_NOT_FOUND_HTML,
    };
    for (const [path, body] of Object.entries(expected)) {
      const res = await request(url(path));
      assert.equal(res.status, 404, path);
      assert.equal(res.body.toString(), body, path);
      assert.match(String(res.headers['content-type']), /^text\/html/, path);
      assert.equal(res.headers['cache-control'], undefined, `${path}: a 404 is not cached`);
      assertSecurityHeaders(res.headers, path);
    }
  });

  it('sends /en to the English start page, keeping the query', async () => {
    const res = await request(url('/en?x=1'));
    assert.equal(res.status, 301);
    assert.equal(res.headers.location, '/en/?x=1');
    assertSecurityHeaders(res.headers, '/en');
  });

  it('serves hashed assets cached for a year, and 404 for a missing one', async () => {
    const asset = await request(url('/assets/index-Bx12abcd.js'));
    assert.equal(asset.status, 200);
    assert.equal(asset.body.toString(), APP_JS);
    assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');

    const missing = await request(url('/assets/index-missing.js'));
    assert.equal(missing.status, 404);
    assert.ok(!missing.body.toString().includes('<div id="root">'), 'not the app HTML');
    assert.equal(missing.headers['cache-control'], undefined, 'a 404 is not cached');
  });

  it('revalidates other static files and keeps images a day', async () => {
    assert.equal((await request(url('/robots.txt'))).headers['cache-control'], 'no-cache');
    assert.equal(
      (await request(url('/profile.webp'))).headers['cache-control'],
      'public, max-age=86400',
    );
  });

  it('compresses text on the fly and serves precompressed .gz files', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const js = await request(url('/assets/index-Bx12abcd.js'), { headers: gzip });
    assert.equal(js.headers['content-encoding'], 'gzip');
    assert.match(String(js.headers.vary), /Accept-Encoding/);
    assert.equal(gunzipSync(js.body).toString(), APP_JS);

    const css = await request(url('/assets/index-Cc34efgh.css'), { headers: gzip });
    assert.equal(css.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(css.body).toString(), PRECOMPRESSED_CSS);

    const plain = await request(url('/assets/index-Bx12abcd.js'));
    assert.equal(plain.headers['content-encoding'], undefined);
  });

  it('sends the security headers on pages, assets, errors and API answers', async () => {
    const answers = {
      '/': await request(url('/')),
      '/en/': await request(url('/en/')),
      '/en/protected': await request(url('/en/protected')),
      '/assets/…js': await request(url('/assets/index-Bx12abcd.js')),
      '404': await request(url('/assets/missing.js')),
      '405': await request(url('/'), { method: 'POST', body: 'x' }),
      '/api': await request(url('/api/health')),
    };
    for (const [where, res] of Object.entries(answers)) assertSecurityHeaders(res.headers, where);
  });

  it('proxies /api with its prefix, the real client address and the scheme', async () => {
    const res = await request(url('/api/documents?x=1'), {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9' },
    });
    assert.equal(res.status, 200);
    const received = JSON.parse(res.body.toString()) as Received;
    assert.equal(received.url, '/api/documents?x=1');
    assert.equal(received.headers['x-forwarded-for'], '127.0.0.1', 'set, not appended');
    assert.equal(received.headers['x-real-ip'], '127.0.0.1');
    assert.equal(received.headers['x-forwarded-proto'], 'http');
    assert.equal(res.headers['cache-control'], 'no-store', 'the API chooses its caching');
  });

  it('allows only GET and HEAD for static files', async () => {
    assert.equal((await request(url('/'), { method: 'HEAD' })).status, 200);
    for (const [method, path] of [
      ['POST', '/'],
      ['POST', '/index.html'],
      ['POST', '/all-projects'],
      ['POST', '/en/'],
      ['POST', '/en/all-projects'],
      ['DELETE', '/en/protected'],
      ['PUT', '/assets/index-Bx12abcd.js'],
      ['DELETE', '/protected'],
    ]) {
      assert.equal(
        (await request(url(path), { method, body: 'x' })).status,
        405,
        `${method} ${path}`,
      );
    }
  });

  it('refuses API bodies over 32 KiB and passes small ones', async () => {
    const json = { 'content-type': 'application/json' };
    const big = await request(url('/api/documents'), {
      method: 'POST',
      headers: json,
      body: 'x'.repeat(40 * 1024),
    });
    assert.equal(big.status, 413);
    assertSecurityHeaders(big.headers, '413');
    const small = await request(url('/api/documents'), {
      method: 'POST',
      headers: json,
      body: '{"a":1}',
    });
    assert.equal(small.status, 200);
    assert.equal((JSON.parse(small.body.toString()) as Received).bodyBytes, 7);
  });

  it('answers 429 once a client exceeds the login or the mail rate', async () => {
    const post = (path: string) => request(url(path), { method: 'POST', body: '{}' });
    const login = [];
    for (let i = 0; i < 4; i += 1) login.push((await post('/api/auth/login')).status);
    assert.deepEqual(login, [200, 200, 200, 429]);
    const limited = await post('/api/auth/login');
    assertSecurityHeaders(limited.headers, '429');
    for (const ceremony of ['/api/owner/login/options', '/api/owner/setup/verify'])
      assert.equal((await post(ceremony)).status, 429, `${ceremony} draws on the login's budget`);

    const mail = [];
    for (let i = 0; i < 3; i += 1) mail.push((await post('/api/mail')).status);
    assert.deepEqual(mail, [200, 200, 429]);

    assert.equal((await post('/api/documents')).status, 200, 'other API routes are not limited');
    assert.equal(
      (await post('/api/owner/accesses')).status,
      200,
      "the owner's calls are not limited",
    );
  });
});
