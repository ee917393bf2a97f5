// HTTPS mode with a self-signed certificate made on the fly: plain HTTP
// redirects, HTTPS serves the site with HSTS and current TLS only.
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile, chmod } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import tls from 'node:tls';
import { freePort } from '@portfolio/stack';
import { makeSelfSignedCertificate, type Certificate } from './helpers/certificate';
import { startFakeUpstream, type FakeUpstream, type Received } from './helpers/fake-upstream';
import { assertSecurityHeaders } from './helpers/headers';
import { request } from './helpers/http-client';
import { makeRunDir, startNginx, type RunningNginx } from './helpers/nginx-runner';
import { ALL_PROJECTS_HTML, makeStaticSite } from './helpers/static-site';

function handshake(
  port: number,
  ca: string,
  options: tls.ConnectionOptions,
): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: '127.0.0.1',
      port,
      ca,
      servername: 'localhost',
      ...options,
    });
    socket.once('secureConnect', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('nginx front (HTTPS mode)', () => {
  let dir: string;
  let site: string;
  let certificate: Certificate;
  let upstream: FakeUpstream;
  let nginx: RunningNginx;
  let tlsPort: number;

  before(async () => {
    dir = await makeRunDir();
    site = await makeStaticSite();
    certificate = await makeSelfSignedCertificate(dir);
    const acmeWebroot = path.join(dir, 'acme');
    await mkdir(path.join(acmeWebroot, '.well-known', 'acme-challenge'), { recursive: true });
    await writeFile(path.join(acmeWebroot, '.well-known', 'acme-challenge', 'token-1'), 'proof');
    for (const sub of ['', '.well-known', '.well-known/acme-challenge'])
      await chmod(path.join(acmeWebroot, sub), 0o755);
    upstream = await startFakeUpstream();
    tlsPort = await freePort();
    nginx = await startNginx(
      {
        webRoot: site,
        apiUpstream: upstream.address,
        tls: { ...certificate, listen: `127.0.0.1:${tlsPort}`, publicPort: tlsPort, acmeWebroot },
      },
      '/nginx-health',
    );
  });

  after(async () => {
    await nginx?.stop();
    await upstream?.close();
    await rm(site, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  });

  it('redirects plain HTTP to the same path over HTTPS', async () => {
    const res = await request(`${nginx.baseUrl}/protected?x=1`);
    assert.equal(res.status, 301);
    assert.equal(res.headers.location, `https://127.0.0.1:${tlsPort}/protected?x=1`);
    assertSecurityHeaders(res.headers, 'redirect');
  });

  it('still answers ACME challenges over plain HTTP', async () => {
    const res = await request(`${nginx.baseUrl}/.well-known/acme-challenge/token-1`);
    assert.equal(res.status, 200);
    assert.equal(res.body.toString(), 'proof');
  });

  it('serves the site over HTTPS with HSTS for a year and the security headers', async () => {
    const https = `https://127.0.0.1:${tlsPort}`;
    const page = await request(`${https}/all-projects`, { ca: certificate.certPem });
    assert.equal(page.status, 200);
    assert.equal(page.body.toString(), ALL_PROJECTS_HTML);
    assert.equal(page.headers['strict-transport-security'], 'max-age=31536000');
    assertSecurityHeaders(page.headers, 'https page');

    const missing = await request(`${https}/assets/nope.js`, { ca: certificate.certPem });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['strict-transport-security'], 'max-age=31536000');

    const api = await request(`${https}/api/health`, { ca: certificate.certPem });
    assert.equal(
      (JSON.parse(api.body.toString()) as Received).headers['x-forwarded-proto'],
      'https',
    );
    assert.equal(api.headers['strict-transport-security'], 'max-age=31536000');
  });

  it('speaks TLS 1.2 and 1.3 with forward-secret AEAD ciphers, not TLS 1.1', async () => {
    const modern = await handshake(tlsPort, certificate.certPem, {});
    assert.equal(modern.getProtocol(), 'TLSv1.3');
    modern.destroy();
    const tls12 = await handshake(tlsPort, certificate.certPem, { maxVersion: 'TLSv1.2' });
    assert.equal(tls12.getProtocol(), 'TLSv1.2');
    assert.match(tls12.getCipher().name, /^ECDHE-ECDSA-(AES\d+-GCM|CHACHA20-POLY1305)/);
    tls12.destroy();
    await assert.rejects(
      handshake(tlsPort, certificate.certPem, {
        minVersion: 'TLSv1',
        maxVersion: 'TLSv1.1',
        ciphers: 'DEFAULT:@SECLEVEL=0',
      }),
      /alert protocol version/,
    );
  });
});
