// Where `make up` and `make update` get the images: pulled when the resolved
// compose configuration names the site's images in a registry
// (PORTFOLIO_IMAGES), built on this machine otherwise. The Makefile asks
// Compose for that configuration; here a stand-in COMPOSE answers `config`
// as Compose 2 and Compose 1.29 print it and records every other call, so
// the decision is checked without Docker. The engine suite pulls for real.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { repoRoot } from '@portfolio/stack';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-make-images-'));
const compose = path.join(dir, 'compose');
const calls = path.join(dir, 'calls');
const config = path.join(dir, 'config.yml');
const TLS = '-f docker-compose.yml -f docker-compose.tls.yml';

// Records its arguments; `config` prints the canned configuration, a call
// named in FAIL fails.
writeFileSync(
  compose,
  `#!/bin/sh
case " $* " in *" config "*) cat '${config}'; exit ;; esac
echo "$*" >> '${calls}'
case " $* " in *" $FAIL "*) exit 1 ;; esac
`,
);
chmodSync(compose, 0o755);

/** `config` of Compose 2 for these image names (env_file values inlined). */
function compose2(web: string, api: string, env = ''): string {
  return `name: portfolio
services:
  api:
    build:
      context: /home/pi/portfolio
      dockerfile: Dockerfile.api
    environment:
      API_HOST: 0.0.0.0${env}
    image: ${api}
  mailpit:
    image: axllent/mailpit:v1.30.5
  web:
    build:
      context: /home/pi/portfolio
      dockerfile: Dockerfile.web
    image: ${web}
`;
}

/** `config` of Compose 1.29: the profiled tester listed too, other order. */
function compose1(web: string, api: string): string {
  return `networks:
  portfolio:
    driver: bridge
services:
  api:
    build:
      context: /tmp/portfolio-engine-x
      dockerfile: Dockerfile.api
    image: ${api}
  certbot:
    image: certbot/certbot:v5.6.0
  mailpit:
    image: axllent/mailpit:v1.30.5
  test:
    image: portfolio-test
    profiles:
    - test
  web:
    image: ${web}
version: '3.9'
`;
}

/** `make target` with `settings` in the environment, which .env's lines would give alike. */
function make(
  target: string,
  configText: string,
  fail = '',
  settings: Record<string, string> = {},
) {
  writeFileSync(config, configText);
  rmSync(calls, { force: true });
  const result = spawnSync(
    'make',
    ['--no-print-directory', target, `COMPOSE=${compose}`, 'CHECK_DOCKER=true'],
    {
      cwd: repoRoot,
      env: { PATH: '/usr/bin:/bin', FAIL: fail || 'none', ...settings },
      encoding: 'utf8',
    },
  );
  let recorded: string[] = [];
  try {
    recorded = readFileSync(calls, 'utf8').trim().split('\n').filter(Boolean);
  } catch {
    // No call besides `config`.
  }
  return { status: result.status, calls: recorded, output: result.stdout + result.stderr };
}

const local = compose2('portfolio-web:latest', 'portfolio-api:latest');
const ghcr = compose2(
  'ghcr.io/owner/portfolio-web:latest',
  'ghcr.io/owner/portfolio-api:latest',
  '\n      PORTFOLIO_IMAGES: ghcr.io/owner/portfolio',
);
const localRegistry = compose1(
  '127.0.0.1:5000/portfolio-web:v1.2.0',
  '127.0.0.1:5000/portfolio-api:v1.2.0',
);

describe('make up and make update: pulled or built images', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('builds here when the images have local names, though Mailpit comes from a registry', () => {
    const result = make('up', local);
    assert.equal(result.status, 0, result.output);
    assert.deepEqual(result.calls, ['up -d --build']);
    assert.deepEqual(make('up', compose1('portfolio-web:latest', 'portfolio-api:latest')).calls, [
      'up -d --build',
    ]);
  });

  it('pulls and builds nothing when PORTFOLIO_IMAGES names a registry', () => {
    const result = make('up', ghcr);
    assert.equal(result.status, 0, result.output);
    assert.deepEqual(result.calls, ['pull', 'up -d --no-build']);
    // The commands are shown as they run.
    assert.match(result.output, /\+ \S+ pull\n/);
  });

  it('reads the answer of Compose 1.29 alike, with a plain local registry and a version tag', () => {
    assert.deepEqual(make('up', localRegistry).calls, ['pull', 'up -d --no-build']);
  });

  it('starts nothing when the pull fails (no login, no such image)', () => {
    const result = make('up', ghcr, 'pull');
    assert.notEqual(result.status, 0);
    assert.deepEqual(result.calls, ['pull']);
  });

  it('starts nothing while a restore is unfinished, and says what to do in one line', (t) => {
    const journals = path.join(repoRoot, '.portfolio-backup.journals');
    // Never this checkout's own: its restore would lose its journals.
    if (existsSync(journals)) return t.skip('a restore of this checkout is unfinished');
    mkdirSync(journals);
    try {
      for (const target of ['up', 'update']) {
        const result = make(target, local);
        assert.notEqual(result.status, 0);
        assert.deepEqual(result.calls, []);
        assert.match(
          result.output,
          /^Eine Wiederherstellung wurde unterbrochen: dieselbe noch einmal \(make restore FILE=…\) oder zurücknehmen \(make restore-recover\); die Website startet erst danach\.$/m,
        );
      }
    } finally {
      rmSync(journals, { recursive: true });
    }
  });

  it('does the same with HTTPS over both files, whenever the settings say HTTPS', () => {
    const certbot = { DOMAIN: 'bewerbung.example.ch', ACME_EMAIL: 'owner@example.ch' };
    // An existing HTTPS site, which has no HTTPS line: DOMAIN and ACME_EMAIL say certbot.
    assert.deepEqual(make('up', ghcr, '', certbot).calls, [
      `${TLS} pull`,
      `${TLS} up -d --no-build`,
    ]);
    assert.deepEqual(make('up', local, '', { HTTPS: 'own' }).calls, [`${TLS} up -d --build`]);
    assert.deepEqual(make('logs', local, '', certbot).calls, [`${TLS} logs -f`]);
    // Behind the owner's proxy: DOMAIN for the links, no HTTPS of its own.
    assert.deepEqual(make('up', local, '', { ...certbot, HTTPS: 'off' }).calls, ['up -d --build']);
    const wrong = make('up', local, '', { HTTPS: 'ja' });
    assert.equal(wrong.status, 2);
    assert.match(wrong.output, /^HTTPS=ja in \.env: certbot, own oder off/m);
    const old = make('up-tls', local, '', certbot);
    assert.equal(old.status, 2);
    assert.deepEqual(old.calls, []);
    assert.match(old.output, /^make up-tls heisst jetzt make up: HTTPS in \.env sagt/m);
  });

  it('updates by pulling, or by rebuilding on fresh base images, and never removes volumes', () => {
    assert.deepEqual(make('update', ghcr).calls, ['pull', 'up -d --no-build']);
    assert.deepEqual(make('update', local).calls, ['build --pull', 'up -d']);
    assert.deepEqual(make('update', localRegistry, '', { HTTPS: 'certbot' }).calls, [
      `${TLS} pull`,
      `${TLS} up -d --no-build`,
    ]);
    assert.deepEqual(make('update', local, '', { HTTPS: 'own' }).calls, [
      `${TLS} build --pull`,
      `${TLS} up -d`,
    ]);
    const failed = make('update', local, 'build');
    assert.notEqual(failed.status, 0);
    assert.deepEqual(failed.calls, ['build --pull']);
  });

  it('lists up and update in make help, and no -tls twins', () => {
    const help = spawnSync('make', ['--no-print-directory'], { cwd: repoRoot, encoding: 'utf8' });
    assert.match(help.stdout, /make up +Start the site .*HTTPS in \.env/);
    assert.match(help.stdout, /make update +Newest images/);
    assert.doesNotMatch(help.stdout, /-tls /);
  });
});
