// nginx/render-config.sh, the one renderer: the configuration it renders is
// valid in both modes, whether the native stack (renderNginxConfig) or the
// web image's entry point runs it, and it refuses settings it cannot render.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { appendFile, cp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import {
  nginxBinary,
  nginxDefaultsFile,
  nginxDir,
  type NginxSettings,
  readEnvFile,
  renderNginxConfig,
} from '@portfolio/stack';
import { makeSelfSignedCertificate, type Certificate } from './helpers/certificate';
import { checkConfig, makeRunDir } from './helpers/nginx-runner';

const run = promisify(execFile);
const entrypoint = path.join(nginxDir, 'docker-entrypoint.sh');

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

  it("allows the pages' inline script and style by the hashes the web build wrote, and nothing else", async () => {
    const site = await makeRunDir();
    const script = "'sha256-o/XSrc3/UvMK15VRSA0eEnaouyJ0vFxnhuvd9HaSkyA='";
    const style = "'sha256-2jmj7l5rSw0yVb/vlWAYkK/YBwk+0a8vJ3W8tD3G1Pk='";
    const written = { 'csp-script-hashes.txt': script, 'csp-style-hashes.txt': style };
    for (const [file, hash] of Object.entries(written))
      await writeFile(path.join(site, file), `${hash}\n`);
    const runDir = path.join(dir, 'csp');
    await checkConfig(await renderNginxConfig({ ...base(runDir), webRoot: site }));
    const headers = await readFile(path.join(runDir, 'security-headers.conf'), 'utf8');
    const escaped = (hash: string) => hash.replace(/[+/]/g, '\\$&');
    assert.match(headers, new RegExp(`script-src 'self' ${escaped(script)};`));
    assert.match(headers, new RegExp(`style-src 'self' ${escaped(style)};`));

    for (const [file, hash] of Object.entries(written)) {
      await writeFile(path.join(site, file), "'unsafe-inline'\n");
      await assert.rejects(
        entrypointCheck(path.join(dir, `csp-bad-${file}`), { WEB_ROOT: site }),
        new RegExp(`${file} holds "'unsafe-inline'", not a 'sha256-…' source`),
      );
      await writeFile(path.join(site, file), `${hash}\n`);
    }
    await rm(site, { recursive: true, force: true });
  });

  it('fills a new placeholder from the environment, and names one it has no value for', async () => {
    const copy = path.join(dir, 'nginx-copy');
    await cp(nginxDir, copy, { recursive: true });
    const health = path.join(copy, 'templates', 'health.conf');
    await appendFile(health, '# ${NEW_SETTING} beside $host\n');
    const runDir = path.join(dir, 'entry-new');
    await entrypointCheck(runDir, { PORTFOLIO_NGINX_DIR: copy, NEW_SETTING: 'filled' });
    const rendered = await readFile(path.join(runDir, 'health.conf'), 'utf8');
    assert.match(rendered, /# filled beside \$host\n$/, "nginx's own variables stay");
    await assert.rejects(
      entrypointCheck(path.join(dir, 'entry-unknown'), { PORTFOLIO_NGINX_DIR: copy }),
      /no value for \$\{NEW_SETTING\} \(.*health\.conf\)/,
    );
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
    const limits = await readFile(path.join(dir, 'entry-plain', 'limits.conf'), 'utf8');
    const { NGINX_LOGIN_RATE } = readEnvFile(nginxDefaultsFile);
    assert.match(limits, new RegExp(`rate=${NGINX_LOGIN_RATE.replace('/', '\\/')};`));
  });

  it('refuses to start the image with only half of the TLS settings', async () => {
    await assert.rejects(
      entrypointCheck(path.join(dir, 'entry-half'), { TLS_CERT_FILE: certificate.certFile }),
      /TLS_CERT_FILE and TLS_KEY_FILE must both name files/,
    );
  });

  it('renders TRUSTED_PROXIES into real-ip.conf and refuses anything but addresses', async () => {
    const output = await entrypointCheck(path.join(dir, 'entry-proxies'), {
      TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.1 fd00::/8',
    });
    assert.match(output, /test is successful/);
    assert.equal(
      await readFile(path.join(dir, 'entry-proxies', 'real-ip.conf'), 'utf8'),
      [
        '# Rendered from TRUSTED_PROXIES.',
        'set_real_ip_from 10.0.0.0/8;',
        'set_real_ip_from 192.168.1.1;',
        'set_real_ip_from fd00::/8;',
        'real_ip_header X-Forwarded-For;',
        'real_ip_recursive on;',
        '',
      ].join('\n'),
    );
    const none = await renderNginxConfig(base(path.join(dir, 'no-proxies')));
    const realIp = await readFile(path.join(path.dirname(none), 'real-ip.conf'), 'utf8');
    assert.doesNotMatch(realIp, /real_ip_header/);
    await assert.rejects(
      renderNginxConfig({ ...base(path.join(dir, 'evil')), trustedProxies: '10.0.0.1; evil' }),
      /"10\.0\.0\.1;" is not an address or CIDR range/,
    );
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

  it('rejects malformed rate limits instead of rendering them', async () => {
    const limited = (name: string, limits: Record<string, string>) =>
      renderNginxConfig({ ...base(path.join(dir, name)), limits });
    await assert.rejects(
      limited('bad-rate', { NGINX_LOGIN_RATE: '10 per minute' }),
      /NGINX_LOGIN_RATE must be like 10r\/m, got "10 per minute"/,
    );
    await assert.rejects(limited('bad-burst', { NGINX_MAIL_BURST: '-1' }), /NGINX_MAIL_BURST/);
    await assert.rejects(
      entrypointCheck(path.join(dir, 'entry-bad-limit'), { NGINX_CONN_LIMIT: 'many' }),
      /NGINX_CONN_LIMIT must be a number/,
    );
    await limited('fast', { NGINX_MAIL_RATE: '100r/s' });
    const conf = await readFile(path.join(dir, 'fast', 'limits.conf'), 'utf8');
    assert.match(conf, /rate=100r\/s;/);
  });
});
