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
import { makefileProtocol } from './helpers/owner-tools';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-make-images-'));
const compose = path.join(dir, 'compose');
const calls = path.join(dir, 'calls');
const config = path.join(dir, 'config.yml');
const TLS = '-f docker-compose.yml -f docker-compose.tls.yml';

const docker = path.join(dir, 'docker');
const TOOL_PROTOCOL = makefileProtocol();
/** The project every make target runs in: its records and journals stay out of the checkout. */
const project = path.join(dir, 'project');
mkdirSync(project);

// Records its arguments; `config` prints the canned configuration, `ps -q`
// names a container when RUNNING is set, the backup tool speaks this
// Makefile's protocol and answers create --json with its archive, a call
// named in FAIL fails.
writeFileSync(
  compose,
  `#!/bin/sh
case " $* " in *" config "*) cat '${config}'; exit ;; esac
case " $* " in *" ps -q "*) [ -z "$RUNNING" ] || echo "container-\${*##* }"; exit 0 ;; esac
case " $* " in *" backup protocol "*) echo '${TOOL_PROTOCOL}'; exit 0 ;; esac
echo "$*" >> '${calls}'
case " $* " in *" $FAIL "*) exit 1 ;; esac
case " $* " in *" create --json "*) echo '{"archive":"portfolio-backup-2026-11-29T050000Z.tar.gz.age","sha256":"0"}' ;; esac
exit 0
`,
);
// The engine's side: a container's image, an image's id (the one running
// with SAME, else a new one) and version label (and whether \`previous\`
// exists: PREVIOUS_IMAGES), and \`image tag\`, recorded.
writeFileSync(
  docker,
  `#!/bin/sh
case "$1 $2" in
  "inspect --format") echo "sha256:\${4#container-}" ;;
  "image inspect") case "$4 $5" in
      *:previous) [ -n "$PREVIOUS_IMAGES" ] ;;
      *.Id*) name=\${5##*-}; [ -n "$SAME" ] && echo "sha256:\${name%%:*}" || echo "sha256:new" ;;
      *) echo "v1.4.0" ;;
    esac ;;
  "image tag") echo "docker $*" >> '${calls}' ;;
esac
`,
);
chmodSync(compose, 0o755);
chmodSync(docker, 0o755);

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

/** A call of the backup tool, by its service and command alone. */
const shortened = (call: string) =>
  call.replace(/^.* run --rm --no-deps -T (backup\S*) (create) .*$/, '$1 $2');

/**
 * `make target` with `settings` in the environment, which .env's lines would give
 * alike, in the tests' project folder.
 */
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
    [
      ...['--no-print-directory', '-f', path.join(repoRoot, 'Makefile'), target],
      ...[`COMPOSE=${compose}`, `DOCKER=${docker}`, 'CHECK_DOCKER=true'],
    ],
    {
      cwd: project,
      env: { PATH: '/usr/bin:/bin', FAIL: fail || 'none', PORTFOLIO_VERSION: '0f3c', ...settings },
      encoding: 'utf8',
    },
  );
  let recorded: string[] = [];
  try {
    recorded = readFileSync(calls, 'utf8').trim().split('\n').filter(Boolean).map(shortened);
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

  it('starts nothing while a restore is unfinished, and says what to do in one line', () => {
    // In the tests' own project folder (make(), above), never this checkout.
    const journals = path.join(project, '.portfolio-backup.journals');
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
    // Down stops certbot too, whatever HTTPS says now.
    assert.deepEqual(make('down', local).calls, [`${TLS} down`]);
    // Behind the owner's proxy: DOMAIN for the links, no HTTPS of its own.
    assert.deepEqual(make('up', local, '', { ...certbot, HTTPS: 'off' }).calls, ['up -d --build']);
    const wrong = make('up', local, '', { HTTPS: 'ja' });
    assert.equal(wrong.status, 2);
    assert.match(wrong.output, /^HTTPS=ja in \.env: certbot, own oder off/m);
    // COMPOSE_FILE, which a plain `docker compose` follows too: Compose reads it, if it agrees.
    const both = 'docker-compose.yml:docker-compose.tls.yml:docker-compose.own.yml';
    assert.deepEqual(make('up', local, '', { ...certbot, COMPOSE_FILE: both }).calls, [
      'up -d --build',
    ]);
    const against = make('up', local, '', { ...certbot, COMPOSE_FILE: 'docker-compose.yml' });
    assert.equal(against.status, 2);
    assert.deepEqual(against.calls, []);
    assert.match(
      against.output,
      /^COMPOSE_FILE=docker-compose\.yml passt nicht zu HTTPS=certbot: /m,
    );
    const old = make('up-tls', local, '', certbot);
    assert.equal(old.status, 2);
    assert.deepEqual(old.calls, []);
    assert.match(old.output, /^make up-tls heisst jetzt make up: HTTPS in \.env sagt/m);
  });

  it('updates by pulling, or by rebuilding on fresh base images, then an archive, and never removes volumes', () => {
    assert.deepEqual(make('update', ghcr).calls, ['pull', 'backup create', 'up -d --no-build']);
    assert.deepEqual(make('update', local).calls, ['build --pull', 'backup create', 'up -d']);
    assert.deepEqual(make('update', localRegistry, '', { HTTPS: 'certbot' }).calls, [
      `${TLS} pull`,
      'backup-tls create',
      `${TLS} up -d --no-build`,
    ]);
    assert.deepEqual(make('update', local, '', { HTTPS: 'own' }).calls, [
      `${TLS} build --pull`,
      'backup-tls create',
      `${TLS} up -d`,
    ]);
    const failed = make('update', local, 'build');
    assert.notEqual(failed.status, 0);
    assert.deepEqual(failed.calls, ['build --pull']);
  });

  it('says which version runs and which will, keeps the running images as previous once new ones are there, and records the way back', () => {
    const result = make('update', local, '', { RUNNING: '1' });
    assert.equal(result.status, 0, result.output);
    assert.match(
      result.output,
      /^Läuft: v1\.4\.0\. Wird laufen: 0f3c \(dieser Checkout, hier gebaut\)\.$/m,
    );
    assert.deepEqual(result.calls, [
      'build --pull',
      'docker image tag sha256:api portfolio-api:previous',
      'docker image tag sha256:web portfolio-web:previous',
      'backup create',
      'up -d',
    ]);
    assert.match(result.output, /^Gestartet: v1\.4\.0\. Zurück: make rollback\.$/m);
    const record = path.join(project, '.portfolio-previous.env');
    const recorded =
      "VERSION='v1.4.0'\nARCHIVE='backups/portfolio-backup-2026-11-29T050000Z.tar.gz.age'\n";
    assert.equal(readFileSync(record, 'utf8'), recorded);
    const pulled = make('update', ghcr, '', { RUNNING: '1' });
    assert.match(
      pulled.output,
      /Wird laufen: ghcr\.io\/owner\/portfolio-api:latest aus der Registry\./,
    );
    assert.ok(
      pulled.calls.includes('docker image tag sha256:api ghcr.io/owner/portfolio-api:previous'),
    );
    // Nothing new: previous and the record of the way back stay as they were.
    writeFileSync(record, recorded);
    const same = make('update', local, '', { RUNNING: '1', SAME: '1' });
    assert.deepEqual(same.calls, ['build --pull', 'backup create', 'up -d']);
    assert.equal(readFileSync(record, 'utf8'), recorded);
    // Nothing ran: no way back to name.
    assert.equal(make('update', local).status, 0);
    assert.equal(existsSync(record), false);
  });

  it('updates nothing when the archive fails: the site runs on as it was', () => {
    const result = make('update', local, 'create', { RUNNING: '1' });
    assert.notEqual(result.status, 0);
    assert.deepEqual(result.calls.at(-1), 'backup create');
    assert.ok(!result.calls.includes('up -d'));
    assert.match(
      result.output,
      /^Update abgebrochen: ohne Archiv kein Update; die Website läuft weiter wie vorher\.$/m,
    );
  });

  it('goes back to the previous images under the names Compose uses, and names the archive of the data', () => {
    const backups = path.join(project, 'backups');
    mkdirSync(backups, { recursive: true });
    writeFileSync(path.join(backups, 'portfolio-backup-2026-11-29T050000Z.tar.gz.age'), '');
    writeFileSync(
      path.join(project, '.portfolio-previous.env'),
      "VERSION='v1.4.0'\nARCHIVE='backups/portfolio-backup-2026-11-29T050000Z.tar.gz.age'\n",
    );
    const result = make('rollback', local, '', { PREVIOUS_IMAGES: '1' });
    assert.equal(result.status, 0, result.output);
    assert.deepEqual(result.calls, [
      'docker image tag portfolio-api:previous portfolio-api:latest',
      'docker image tag portfolio-web:previous portfolio-web:latest',
      'up -d --no-build',
    ]);
    assert.match(
      result.output,
      /^Die Daten von vor dem Update: make down, dann make restore FILE=backups\/portfolio-backup-2026-11-29T050000Z\.tar\.gz\.age$/m,
    );
    const none = make('rollback', local);
    assert.notEqual(none.status, 0);
    assert.deepEqual(none.calls, []);
    rmSync(path.join(project, '.portfolio-previous.env'));
    const never = make('rollback', local, '', { PREVIOUS_IMAGES: '1' });
    assert.match(never.output, /^Kein make update, zu dem es ein Zurück gäbe\.$/m);
  });

  it('lists up, update and rollback in German in make help, and no -tls twins', () => {
    const help = spawnSync('make', ['--no-print-directory'], { cwd: repoRoot, encoding: 'utf8' });
    assert.match(help.stdout, /make up +Startet die Website .*HTTPS in \.env/);
    assert.match(
      help.stdout,
      /make update +Neue Version: holen oder bauen, die laufenden Images bleiben/,
    );
    assert.match(help.stdout, /make rollback +Zurück zur Version vor dem letzten make update/);
    assert.doesNotMatch(help.stdout, /-tls /);
  });
});
