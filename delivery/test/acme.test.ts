// Automatic HTTPS end to end on loopback: the web image's entry point runs
// nginx on plain HTTP, nginx/certbot/certbot-loop.sh (the compose certbot
// service's own script) obtains a certificate from pebble, Let's Encrypt's
// test CA, through that nginx, and nginx switches to HTTPS by itself (after a
// first try that fails, retried within seconds); then a forced renewal and a
// failing one.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePorts, type ManagedProcess, nginxDir, stopProcess } from '@portfolio/stack';
import { startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream';
import { servedCertificate, type ServedCertificate } from './helpers/certificate';
import { request } from './helpers/http-client';
import { makeRunDir } from './helpers/nginx-runner';
import { pebbleInstalled, startPebble, type Pebble } from './helpers/pebble';
import { INDEX_HTML, makeStaticSite } from './helpers/static-site';
import { until } from './helpers/until';
import { PATH_WITH_NGINX, startWebEntrypoint } from './helpers/web-entrypoint';

const DOMAIN = 'portfolio.test';

/** The certificate nginx presents for DOMAIN on `port`, if it speaks TLS yet. */
const servedOn = (port: number) => servedCertificate('127.0.0.1', port, DOMAIN);

describe(
  'automatic HTTPS with certbot and pebble',
  {
    skip: pebbleInstalled()
      ? false
      : 'pebble, pebble-challtestsrv or certbot is not installed (apt-get install pebble certbot)',
  },
  () => {
    let dir: string;
    let upstream: FakeUpstream;
    let pebble: Pebble;
    let web: ManagedProcess;
    let httpPort: number;
    let httpsPort: number;
    let issued: ServedCertificate;

    /** The compose service's loop; with CERTBOT_ONCE one try (the default here). */
    const startCertbot = (extraArgs = '', env: Record<string, string> = {}) => {
      const state = path.join(dir, 'letsencrypt');
      // Its own process group: the loop's sleep ends with it.
      const child = spawn('sh', [path.join(nginxDir, 'certbot', 'certbot-loop.sh')], {
        detached: true,
        env: {
          PATH: PATH_WITH_NGINX,
          DOMAIN,
          ACME_EMAIL: 'owner@example.ch',
          ACME_SERVER: pebble.directoryUrl,
          ACME_WEBROOT: path.join(dir, 'acme'),
          CERTS_DIR: path.join(dir, 'certs'),
          NGINX_GID: String(process.getgid?.() ?? 0),
          CERTBOT_ONCE: '1',
          CERTBOT_EXTRA_ARGS: `--config-dir ${state}/config --work-dir ${state}/work --logs-dir ${state}/logs ${extraArgs}`,
          REQUESTS_CA_BUNDLE: pebble.caBundle,
          ...env,
        },
      });
      const run = { child, output: '' };
      child.stdout.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (run.output += chunk.toString()));
      return run;
    };
    const certbot = (extraArgs = ''): Promise<{ code: number | null; output: string }> => {
      const run = startCertbot(extraArgs);
      return new Promise((resolve) =>
        run.child.on('exit', (code) => resolve({ code, output: run.output })),
      );
    };

    before(async () => {
      dir = await makeRunDir();
      await mkdir(path.join(dir, 'acme'), { mode: 0o755 });
      upstream = await startFakeUpstream();
      [httpPort, httpsPort] = await freePorts(2);
      web = await startWebEntrypoint({
        runDir: path.join(dir, 'run'),
        webRoot: await makeStaticSite(),
        apiUpstream: upstream.address,
        httpPort,
        httpsPort,
        domain: DOMAIN,
        certsDir: path.join(dir, 'certs'),
        env: { ACME_WEBROOT: path.join(dir, 'acme') },
      });
      pebble = await startPebble(path.join(dir), httpPort);
    });

    after(async () => {
      if (web) await stopProcess(web);
      await pebble?.stop();
      await upstream?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('starts on plain HTTP without a certificate: the site and the challenge path', async () => {
      assert.equal((await request(`http://127.0.0.1:${httpPort}/`)).body.toString(), INDEX_HTML);
      const challenge = await request(
        `http://127.0.0.1:${httpPort}/.well-known/acme-challenge/unknown`,
      );
      assert.equal(challenge.status, 404);
      assert.equal(await servedOn(httpsPort), undefined);
    });

    it('obtains a certificate through nginx after a failed first try, and switches to HTTPS by itself', async () => {
      // The challenges first go where nginx does not serve them, as with a
      // port forwarding not set up yet; the owner then fixes it.
      const webroot = path.join(dir, 'webroot');
      await mkdir(path.join(dir, 'not-served'));
      await symlink(path.join(dir, 'not-served'), webroot);
      const loop = startCertbot('', {
        CERTBOT_ONCE: '0',
        ACME_WEBROOT: webroot,
        FIRST_RETRY_SECONDS: '2',
      });
      try {
        await until(
          async () => loop.output.includes('certbot: no new certificate'),
          'the first try failing',
          120_000,
        );
        assert.match(loop.output, /; next try \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n$/);
        await rm(webroot);
        await symlink(path.join(dir, 'acme'), webroot);
        await until(
          async () => loop.output.includes(`certbot: certificate for ${DOMAIN} in place`),
          'the retry succeeding',
          120_000,
        );
      } finally {
        process.kill(-(loop.child.pid ?? 0));
      }
      assert.equal(loop.output.match(/^certbot: no new certificate/gm)?.length, 1, loop.output);
      issued = await until(() => servedOn(httpsPort), 'HTTPS');
      assert.match(issued.names, new RegExp(`DNS:${DOMAIN.replace('.', '\\.')}`));
      assert.match(issued.issuer, /Pebble/);

      // Until the old workers have finished, one of them may still answer on plain HTTP.
      const redirect = await until(async () => {
        const answer = await request(`http://127.0.0.1:${httpPort}/all-projects?sprache=Java`, {
          headers: { host: DOMAIN },
        });
        return answer.status === 301 ? answer : undefined;
      }, 'the redirect to HTTPS');
      assert.equal(redirect.status, 301);
      assert.equal(
        redirect.headers.location,
        `https://${DOMAIN}:${httpsPort}/all-projects?sprache=Java`,
      );
      const page = await request(`https://127.0.0.1:${httpsPort}/`, {
        servername: DOMAIN,
        rejectUnauthorized: false,
      });
      assert.equal(page.body.toString(), INDEX_HTML);
      assert.equal(page.headers['strict-transport-security'], 'max-age=31536000');
      const api = await request(`https://127.0.0.1:${httpsPort}/api/health`, {
        servername: DOMAIN,
        rejectUnauthorized: false,
      });
      assert.equal(api.status, 200);
      assert.equal(JSON.parse(api.body.toString()).url, '/api/health');
    });

    it('serves a renewed certificate without restarting nginx or dropping a request under way', async () => {
      const pidFile = path.join(dir, 'run', 'nginx.pid');
      const masterBefore = await readFile(pidFile, 'utf8');
      const slow = request(`https://127.0.0.1:${httpsPort}/api/slow`, {
        servername: DOMAIN,
        rejectUnauthorized: false,
      });
      await until(() => upstream.pending() === 1, 'the request under way');
      const run = await certbot('--force-renewal');
      assert.equal(run.code, 0, run.output);
      const renewed = await until(async () => {
        const served = await servedOn(httpsPort);
        return served && served.serial !== issued.serial ? served : undefined;
      }, 'the renewed certificate');
      assert.equal(upstream.pending(), 1, 'the reload happened while the request was under way');
      upstream.release();
      const answer = await slow;
      assert.equal(answer.status, 200);
      assert.equal(JSON.parse(answer.body.toString()).url, '/api/slow');
      assert.notEqual(renewed.serial, issued.serial);
      assert.equal(await readFile(pidFile, 'utf8'), masterBefore);
      assert.equal(web.child.exitCode, null);
      issued = renewed;
    });

    it('keeps serving when the certificate authority is gone, and says why in one line', async () => {
      await pebble.stop();
      const run = await certbot('--force-renewal');
      assert.notEqual(run.code, 0);
      const lines = run.output.split('\n').filter((line) => line.startsWith('certbot: '));
      assert.equal(lines.length, 1, run.output);
      assert.match(
        lines[0],
        /^certbot: no new certificate for portfolio\.test \(.+\); the site keeps serving what it has; next try /,
      );
      assert.equal((await servedOn(httpsPort))?.serial, issued.serial);
      assert.equal((await request(`http://127.0.0.1:${httpPort}/nginx-health`)).status, 200);
    });
  },
);
