// HTTPS as the owner's guide turns it on (docs/operations.md#https): DOMAIN
// and ACME_EMAIL into .env, `make password`, `make up`; with pebble (Let's
// Encrypt's test CA) inside the compose network, added through COMPOSE_FILE
// as an owner adds a compose file of their own. Every make target keeps
// ports 80 and 443 and certbot, `make logs` shows certbot; certbot obtains
// the certificate by HTTP-01 through the web container, nginx switches to
// HTTPS by itself, and a forced renewal is served without a restart of nginx.
import assert from 'node:assert/strict';
import { appendFileSync, chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { freePorts } from '@portfolio/stack';
import {
  makeSelfSignedCertificate,
  servedCertificate,
  type ServedCertificate,
} from '../helpers/certificate';
import { pebbleConfigJson } from '../helpers/pebble';
import { until } from '../helpers/until';
import { TLS_FILES } from './compose-project';
import type { EngineSession } from './engine-session';
import { buildFixtureImage } from './stand-in-builder';
import { engineDir } from './docker-engine';

const DOMAIN = 'site.engine.test';
// eslint-disable-next-line no-control-regex
const CERTBOT_LINE = /^(\x1b\[[0-9;]*m)?certbot[-_]1 +\|(\x1b\[[0-9;]*m)? certbot: /m;
const ACME_FILES = [...TLS_FILES, path.join(engineDir, 'fixtures', 'docker-compose.acme.yml')];

/** The certificate the web container serves on 8443, asked from inside its network. */
const served = (address: string) => servedCertificate(address, 8443, DOMAIN);

/** pebble's own HTTPS certificate, for the name certbot reaches it by. */
async function pebbleConfig(dir: string) {
  await makeSelfSignedCertificate(dir, { name: 'pebble', altNames: 'DNS:pebble' });
  // pebble runs as nobody; this key guards nothing but the test CA's API.
  chmodSync(path.join(dir, 'key.pem'), 0o644);
  chmodSync(dir, 0o755);
  writeFileSync(
    path.join(dir, 'pebble.json'),
    pebbleConfigJson({
      listenAddress: '0.0.0.0:14000',
      managementListenAddress: '0.0.0.0:15000',
      certificate: '/pebble/cert.pem',
      privateKey: '/pebble/key.pem',
      // HTTP-01 is checked on the web container's own port.
      httpPort: 8080,
      tlsPort: 5001,
    }),
  );
}

export function tlsChecks(current: () => EngineSession) {
  describe('HTTPS from the TLS overlay, with pebble in the compose network', () => {
    let session: EngineSession;
    let pebbleDir: string;
    let webAddress: string;
    let first: ServedCertificate;
    const env = () => ({ DOMAIN, ACME_EMAIL: 'owner@example.ch', PEBBLE_DIR: pebbleDir });

    before(async () => {
      session = current();
      buildFixtureImage(session.engine, 'pebble.Dockerfile', 'portfolio-engine/pebble');
      pebbleDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-pebble-'));
      await pebbleConfig(pebbleDir);
      // Published on loopback: the daemon the suite starts binds there (--ip).
      const [httpPort, httpsPort] = await freePorts(2);
      Object.assign(session.project.env, {
        HTTP_PORT: `127.0.0.1:${httpPort}`,
        HTTPS_PORT: String(httpsPort),
        PEBBLE_DIR: pebbleDir,
        COMPOSE_FILE: ACME_FILES.join(':'),
      });
      // The guide's steps, as written.
      appendFileSync(
        path.join(session.project.dir, '.env'),
        `DOMAIN=${DOMAIN}\nACME_EMAIL=owner@example.ch\n`,
      );
      const password = `${session.ownPassword}\n${session.ownPassword}\n`;
      const set = session.project.make('password', {}, undefined, password);
      assert.equal(set.status, 0, set.stdout + set.stderr);
      session.make('up');
      webAddress = session.project.inspect<Record<string, { IPAddress: string }>>(
        'web',
        '.NetworkSettings.Networks',
      )[`${session.project.name}_portfolio`].IPAddress;
    });

    after(() => {
      delete session.project.env.COMPOSE_FILE;
      session.project.compose(['rm', '--stop', '--force', 'pebble', 'certbot'], {
        files: ACME_FILES,
        env: env(),
      });
      rmSync(pebbleDir, { recursive: true, force: true });
    });

    it('obtains a certificate through nginx, and nginx switches to HTTPS by itself', async () => {
      first = await until(() => served(webAddress), 'nginx to serve HTTPS', 120_000);
      assert.match(first.names, new RegExp(`DNS:${DOMAIN.replace(/\./g, '\\.')}`));
      assert.match(first.issuer, /Pebble/);
      assert.match(session.logs('certbot'), /certbot: certificate for site\.engine\.test in place/);
    });

    it('make up after make password keeps ports 80 and 443 and certbot, and make logs shows certbot', async () => {
      const ports = session.project.inspect<Record<string, unknown>>(
        'web',
        '.HostConfig.PortBindings',
      );
      assert.deepEqual(Object.keys(ports).sort(), ['8080/tcp', '8443/tcp']);
      assert.equal(session.project.inspect<string>('certbot', '.State.Status'), 'running');
      // Compose colours the prefix: `certbot_1  |` (1.29) or `certbot-1  |` (2).
      await session.project.makeUntil('logs', CERTBOT_LINE, 60_000);
    });

    it('runs certbot with no capability but CHOWN', () => {
      const host = session.project.inspect<{ CapDrop: string[]; CapAdd: string[] }>(
        'certbot',
        '.HostConfig',
      );
      assert.deepEqual(host.CapDrop, ['ALL']);
      assert.deepEqual(host.CapAdd, ['CHOWN']);
    });

    it('serves a forced renewal without restarting nginx', async () => {
      const startedAt = session.project.inspect<string>('web', '.State.StartedAt');
      session.project.mustCompose(
        [
          'exec',
          '-T',
          '-e',
          'CERTBOT_ONCE=1',
          '-e',
          'CERTBOT_EXTRA_ARGS=--force-renewal',
          'certbot',
          'sh',
          '/portfolio/certbot-loop.sh',
        ],
        { files: ACME_FILES, env: env() },
      );
      const renewed = await until(
        async () => {
          const now = await served(webAddress);
          return now && now.serial !== first.serial && now;
        },
        'nginx to serve the renewed certificate',
        60_000,
      );
      assert.match(renewed.names, /site\.engine\.test/);
      assert.equal(session.project.inspect<string>('web', '.State.StartedAt'), startedAt);
      assert.equal(session.project.inspect<number>('web', '.RestartCount'), 0);
    });
  });
}
