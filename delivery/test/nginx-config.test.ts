// The rendered configuration is valid in both modes, whichever renderer made
// it: stack/src/nginx-config.ts (native stack) or the web image's
// nginx/docker-entrypoint.sh (envsubst).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import {
  nginxBinary,
  nginxDir,
  nginxLimits,
  type NginxSettings,
  nginxTemplateDir,
  nginxVariables,
  renderNginxConfig,
  renderRealIp,
} from '@portfolio/stack';
import { makeSelfSignedCertificate, type Certificate } from './helpers/certificate';
import { checkConfig, makeRunDir } from './helpers/nginx-runner';

const run = promisify(execFile);
const entrypoint = path.join(nginxDir, 'docker-entrypoint.sh');

async function templatePlaceholders(): Promise<Set<string>> {
  const names = new Set<string>();
  const dirs = [nginxTemplateDir, path.join(nginxTemplateDir, 'servers')];
  for (const dir of dirs) {
    for (const file of (await readdir(dir)).filter((name) => name.endsWith('.conf'))) {
      const text = await readFile(path.join(dir, file), 'utf8');
      for (const match of text.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)) names.add(match[1]);
    }
  }
  return names;
}

/** Runs the image's entry point natively: renders into runDir, then `nginx -t`. */
async function entrypointCheck(runDir: string, env: Record<string, string>): Promise<string> {
  const { stdout, stderr } = await run('sh', [entrypoint, 'nginx', '-t'], {
    env: {
      PATH: `${path.dirname(nginxBinary())}:${process.env.PATH ?? ''}`,
      PORTFOLIO_NGINX_DIR: nginxDir,
      NGINX_RUN_DIR: runDir,
      WEB_ROOT: runDir,
      WEB_LISTEN: '127.0.0.1:18080',
      TLS_LISTEN: '127.0.0.1:18443',
      NGINX_ACCESS_LOG: 'off',
      API_UPSTREAM: '127.0.0.1:3000',
      ...env,
    },
  });
  return stdout + stderr;
}

describe('nginx configuration', () => {
  let dir: string;
  let certificate: Certificate;
  const base = (runDir: string): NginxSettings => ({
    runDir,
    webRoot: dir,
    apiUpstream: '127.0.0.1:3000',
    listen: '127.0.0.1:18080',
  });

  before(async () => {
    dir = await makeRunDir();
    certificate = await makeSelfSignedCertificate(dir);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('passes nginx -t in plain HTTP mode', async () => {
    const output = await checkConfig(await renderNginxConfig(base(path.join(dir, 'plain'))));
    assert.match(output, /syntax is ok/);
    assert.match(output, /test is successful/);
  });

  it('passes nginx -t in HTTPS mode with a certificate and key', async () => {
    const tls = { ...certificate, listen: '127.0.0.1:18443' };
    const output = await checkConfig(
      await renderNginxConfig({ ...base(path.join(dir, 'tls')), tls }),
    );
    assert.match(output, /test is successful/);
    const server = await readFile(path.join(dir, 'tls', 'server.conf'), 'utf8');
    assert.match(server, /listen 127\.0\.0\.1:18443 ssl;/);
  });

  it('renders the same placeholders in the native launcher and the image entry point', async () => {
    const placeholders = [...(await templatePlaceholders())].sort();
    const tls = { ...certificate, listen: 'x' };
    assert.deepEqual(Object.keys(nginxVariables({ ...base(dir), tls })).sort(), placeholders);
    const script = await readFile(entrypoint, 'utf8');
    const listed = script.match(/VARIABLES='([^']*)'/)?.[1] ?? '';
    const entrypointNames = [...listed.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]).sort();
    assert.deepEqual(entrypointNames, placeholders);
  });

  it('renders a valid config with the image entry point, plain and HTTPS', async () => {
    const plain = await entrypointCheck(path.join(dir, 'entry-plain'), {});
    assert.match(plain, /\(plain server\)/);
    assert.match(plain, /test is successful/);
    const tls = await entrypointCheck(path.join(dir, 'entry-tls'), {
      TLS_CERT_FILE: certificate.certFile,
      TLS_KEY_FILE: certificate.keyFile,
    });
    assert.match(tls, /\(tls server\)/);
    assert.match(tls, /test is successful/);
    const limits = await readFile(path.join(dir, 'entry-plain', 'nginx.conf'), 'utf8');
    assert.match(limits, new RegExp(`rate=${nginxLimits().NGINX_LOGIN_RATE.replace('/', '\\/')};`));
  });

  it('refuses to start the image with only half of the TLS settings', async () => {
    await assert.rejects(
      entrypointCheck(path.join(dir, 'entry-half'), { TLS_CERT_FILE: certificate.certFile }),
      /TLS_CERT_FILE and TLS_KEY_FILE must both name files/,
    );
  });

  it('renders TRUSTED_PROXIES the same way in the launcher and the image entry point', async () => {
    const proxies = '10.0.0.0/8, 192.168.1.1 fd00::/8';
    const output = await entrypointCheck(path.join(dir, 'entry-proxies'), {
      TRUSTED_PROXIES: proxies,
    });
    assert.match(output, /test is successful/);
    const rendered = await readFile(path.join(dir, 'entry-proxies', 'real-ip.conf'), 'utf8');
    assert.equal(rendered, renderRealIp(proxies));
    assert.match(rendered, /set_real_ip_from 10\.0\.0\.0\/8;\nset_real_ip_from 192\.168\.1\.1;/);
    assert.match(rendered, /real_ip_recursive on;/);
    assert.doesNotMatch(renderRealIp(''), /real_ip_header/);
    assert.throws(() => renderRealIp('10.0.0.1; evil'), /not an address/);
    await assert.rejects(
      entrypointCheck(path.join(dir, 'entry-bad-proxy'), { TRUSTED_PROXIES: '1.2.3.4;include' }),
      /not an address or CIDR range/,
    );
  });

  it('starts the image on plain HTTP while DOMAIN waits for its certificate', async () => {
    const output = await entrypointCheck(path.join(dir, 'entry-waiting'), {
      DOMAIN: 'portfolio.test',
      TLS_CERT_FILE: path.join(dir, 'not-yet', 'fullchain.pem'),
      TLS_KEY_FILE: path.join(dir, 'not-yet', 'privkey.pem'),
    });
    assert.match(output, /\(plain server\)/);
    assert.match(output, /test is successful/);
  });

  it('rejects malformed rate limits instead of rendering them', () => {
    assert.throws(() => nginxLimits({ NGINX_LOGIN_RATE: '10 per minute' }), /NGINX_LOGIN_RATE/);
    assert.throws(() => nginxLimits({ NGINX_MAIL_BURST: '-1' }), /NGINX_MAIL_BURST/);
    assert.equal(nginxLimits({ NGINX_MAIL_RATE: '100r/s' }).NGINX_MAIL_RATE, '100r/s');
  });
});
