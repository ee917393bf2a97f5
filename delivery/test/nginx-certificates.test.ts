// A certificate never takes the site down: the web image's entry point runs
// nginx natively while certificates arrive through the certbot service's own
// deploy hook (nginx/certbot/deploy-hook.sh). A garbage certificate, an
// expired one and a key of another certificate are each refused with one
// line, while HTTP (or the previous certificate) keeps serving.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdir, rm, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import tls from 'node:tls';
import { freePorts, type ManagedProcess, nginxDir, stopProcess } from '@portfolio/stack';
import {
  makeExpiredCertificate,
  makeSelfSignedCertificate,
  type Certificate,
} from './helpers/certificate';
import { startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream';
import { request } from './helpers/http-client';
import { makeRunDir } from './helpers/nginx-runner';
import { INDEX_HTML, makeStaticSite } from './helpers/static-site';
import { until } from './helpers/until';
import { PATH_WITH_NGINX, startWebEntrypoint } from './helpers/web-entrypoint';

const REFUSED = /^nginx: certificate not used: /;

/** The fingerprint of the certificate nginx presents on `port`, if it speaks TLS. */
function servedFingerprint(port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false });
    socket.once('secureConnect', () => {
      const { fingerprint256 } = socket.getPeerCertificate();
      socket.destroy();
      resolve(fingerprint256);
    });
    socket.once('error', () => resolve(undefined));
  });
}

const fingerprintOf = (certificate: Certificate) =>
  new X509Certificate(certificate.certPem).fingerprint256;

describe('certificates that must not take the site down', () => {
  let dir: string;
  let site: string;
  let upstream: FakeUpstream;
  let web: ManagedProcess;
  let lines: string[] = [];
  let httpPort: number;
  let httpsPort: number;
  let generation = 0;
  let first: Certificate;
  const certsDir = () => path.join(dir, 'certs');
  const refusals = () => lines.filter((line) => REFUSED.test(line));

  /** Hands a certificate file and a key file to nginx the way certbot does. */
  async function deploy(certFile: string, keyFile: string): Promise<void> {
    generation += 1;
    const lineage = path.join(dir, `lineage-${generation}`);
    await mkdir(lineage);
    await copyFile(certFile, path.join(lineage, 'fullchain.pem'));
    await copyFile(keyFile, path.join(lineage, 'privkey.pem'));
    const hook = spawn('sh', [path.join(nginxDir, 'certbot', 'deploy-hook.sh')], {
      env: {
        PATH: PATH_WITH_NGINX,
        CERTS_DIR: certsDir(),
        NGINX_GID: String(process.getgid?.() ?? 0),
        RENEWED_LINEAGE: lineage,
      },
      stdio: 'inherit',
    });
    assert.equal(await new Promise((resolve) => hook.on('exit', resolve)), 0);
  }

  async function startWeb(): Promise<void> {
    lines = [];
    web = await startWebEntrypoint({
      runDir: path.join(dir, 'run'),
      webRoot: site,
      apiUpstream: upstream.address,
      httpPort,
      httpsPort,
      domain: 'portfolio.test',
      certsDir: certsDir(),
      log: (line) => lines.push(line.replace(/^\[web\] /, '')),
    });
  }

  async function servesPlainHttp(): Promise<void> {
    const page = await request(`http://127.0.0.1:${httpPort}/`);
    assert.equal(page.status, 200);
    assert.equal(page.body.toString(), INDEX_HTML);
    assert.equal(await servedFingerprint(httpsPort), undefined);
  }

  async function newCertificate(name: string): Promise<Certificate> {
    const folder = path.join(dir, name);
    await mkdir(folder);
    return makeSelfSignedCertificate(folder);
  }

  before(async () => {
    dir = await makeRunDir();
    site = await makeStaticSite();
    upstream = await startFakeUpstream();
    [httpPort, httpsPort] = await freePorts(2);
    first = await newCertificate('first');
    const garbage = path.join(dir, 'garbage.pem');
    await writeFile(garbage, '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n');
    await deploy(garbage, first.keyFile);
    await startWeb();
  });

  after(async () => {
    if (web) await stopProcess(web);
    await upstream?.close();
    await rm(site, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  });

  it('starts on plain HTTP with a garbage certificate and says why in one line', async () => {
    await servesPlainHttp();
    assert.equal(web.child.exitCode, null);
    assert.equal(refusals().length, 1, lines.join('\n'));
    assert.match(
      refusals()[0],
      /holds no PEM certificate; serving plain HTTP until a usable one arrives$/,
    );
  });

  it('switches to HTTPS by itself once a valid certificate arrives', async () => {
    await deploy(first.certFile, first.keyFile);
    assert.equal(await until(() => servedFingerprint(httpsPort), 'HTTPS'), fingerprintOf(first));
    const redirect = await until(async () => {
      const answer = await request(`http://127.0.0.1:${httpPort}/`);
      return answer.status === 301 ? answer : undefined;
    }, 'the redirect to HTTPS');
    assert.equal(redirect.headers.location, `https://127.0.0.1:${httpsPort}/`);
    assert.equal(refusals().length, 1, 'the garbage was reported once, not each round');
  });

  it('keeps the certificate it has when an expired one arrives', async () => {
    const folder = path.join(dir, 'expired');
    await mkdir(folder);
    const expired = await makeExpiredCertificate(folder);
    await deploy(expired.certFile, expired.keyFile);
    const line = await until(() => refusals()[1], 'the refusal');
    assert.match(line, /has expired; still serving the previous certificate$/);
    assert.equal(await servedFingerprint(httpsPort), fingerprintOf(first));
  });

  it('keeps the certificate it has when the key belongs to another one', async () => {
    const other = await newCertificate('other');
    await deploy(other.certFile, first.keyFile);
    const line = await until(() => refusals()[2], 'the refusal');
    assert.match(line, /does not belong to the certificate in .*; still serving the previous/);
    assert.equal(await servedFingerprint(httpsPort), fingerprintOf(first));
    assert.equal((await request(`http://127.0.0.1:${httpPort}/nginx-health`)).status, 200);
  });

  it('takes the next valid certificate, each refusal said once', async () => {
    const next = await newCertificate('next');
    await deploy(next.certFile, next.keyFile);
    await until(
      async () => ((await servedFingerprint(httpsPort)) === fingerprintOf(next) ? true : undefined),
      'the next certificate',
    );
    assert.equal(refusals().length, 3, lines.join('\n'));
  });

  it('starts again on plain HTTP, and stays up, when the certificate in place is bad', async () => {
    const other = await newCertificate('mismatch');
    await deploy(other.certFile, first.keyFile);
    await until(() => refusals()[3], 'the refusal');
    await stopProcess(web);
    await startWeb();
    await servesPlainHttp();
    assert.equal(refusals().length, 1, lines.join('\n'));
    assert.match(
      refusals()[0],
      /does not belong .*; serving plain HTTP until a usable one arrives$/,
    );
    assert.equal(web.child.exitCode, null);
  });
});
