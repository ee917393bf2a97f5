// `make backup` decides in its shell whether there is an off-site step, and
// which rclone.conf names the SSH files to mount, from BACKUP_REMOTE and
// BACKUP_RCLONE_CONFIG: the environment's value, else .env's. It must read
// .env as the backup tool does (api/src/config/env-file.ts), or the two
// steps would disagree about the same line. And make speaks to the image's
// tool in a language both know, or says which checkout does. A stand-in
// COMPOSE records what make runs, so no Docker is needed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@portfolio/stack';
import { makefileProtocol } from './helpers/owner-tools';
import { withEnvFile } from '../../api/src/config/env-file';
import { scratchDir } from './helpers/scratch';

const dir = scratchDir('portfolio-make-settings-');
const project = path.join(dir, 'project');
const bin = path.join(dir, 'bin');
const calls = path.join(dir, 'calls');
mkdirSync(project);
mkdirSync(bin);
// Compose records its arguments (a restore with the DOCUMENTS_DIR it mounts); the
// tool's check of an archive records the folders that archive names (RECORD);
// docker says there is no HTTPS volume.
writeFileSync(
  path.join(bin, 'compose'),
  `#!/bin/sh
case " $* " in
  *" config "*) echo '    image: portfolio-api:latest'; exit ;;
  *" backup protocol "*) [ -n "$PROTOCOL" ] && echo "$PROTOCOL" && exit; exit 2 ;;
  *" backup create --json "*) echo '{"archive":"portfolio-backup-neu.tar.gz.age","sha256":"0"}' ;;
  *" backup create "*) [ -n "$REFUSE" ] && { echo "$* [refused]" >> '${calls}'; exit 2; } ;;
  *" verify --json "*) mkdir -p .portfolio-backup.state
    printf '%s' "$RECORD" > .portfolio-backup.state/restore-folders.env ;;
  *" restore restore "*) echo "$* [DOCUMENTS_DIR=$DOCUMENTS_DIR]" >> '${calls}'; exit ;;
esac
echo "$*" >> '${calls}'
`,
);
// docker knows one image, the API's, built from IMAGE_VERSION.
writeFileSync(
  path.join(bin, 'docker'),
  `#!/bin/sh
case " $* " in
  *" image inspect "*"org.opencontainers.image.revision"*" portfolio-api:latest ") echo "$IMAGE_VERSION" ;;
  *) exit 1 ;;
esac
`,
);
for (const tool of ['compose', 'docker']) chmodSync(path.join(bin, tool), 0o755);

/** `make target` in the project folder with this .env; its result and the calls it made. */
function runMake(target: string, envText: string, environment: Record<string, string> = {}) {
  writeFileSync(path.join(project, '.env'), envText);
  rmSync(calls, { force: true });
  const run = spawnSync(
    'make',
    ['--no-print-directory', '-f', path.join(repoRoot, 'Makefile'), target],
    {
      cwd: project,
      env: {
        PATH: `${bin}:/usr/bin:/bin`,
        HOME: dir,
        COMPOSE: path.join(bin, 'compose'),
        CHECK_DOCKER: 'true',
        ...environment,
      },
      encoding: 'utf8',
    },
  );
  return { run, made: readFileSync(calls, 'utf8').trim().split('\n') };
}

/** `make backup` (or `target`) in the project folder with this .env; the calls it made. */
function backup(envText: string, environment: Record<string, string> = {}, target = 'backup') {
  const { run, made } = runMake(target, envText, environment);
  assert.equal(run.status, 0, run.stderr);
  return made;
}

/** Whether the backup tool, reading the same .env beneath the same environment, has a remote. */
function toolHasRemote(envText: string, environment: Record<string, string> = {}) {
  writeFileSync(path.join(project, '.env'), envText);
  return Boolean(withEnvFile(environment, path.join(project, '.env')).BACKUP_REMOTE);
}

const offsiteRan = (made: string[]) => made.some((call) => / offsite offsite /.test(call));

describe('make backup reads .env as the backup tool does', () => {
  const cases: [string, string, Record<string, string>?][] = [
    ['a plain line', 'BACKUP_REMOTE=offsite:backups\n'],
    ['export, spaces, quotes and a comment', 'export BACKUP_REMOTE = "offsite:b" # mein NAS\n'],
    ['a commented-out line', '# BACKUP_REMOTE=offsite:backups\n'],
    ['the last line of two', 'BACKUP_REMOTE=offsite:backups\nBACKUP_REMOTE=\n'],
    ['an empty value with a comment', 'BACKUP_REMOTE=   # noch keiner\n'],
    ['a longer name that only starts alike', 'BACKUP_REMOTE_OLD=offsite:alt\n'],
    ['the environment over an empty .env', '', { BACKUP_REMOTE: 'offsite:backups' }],
  ];
  for (const [what, envText, environment] of cases)
    it(`runs the off-site step exactly when the tool sees a remote: ${what}`, () => {
      const made = backup(envText, environment);
      assert.match(made[0], / backup create /);
      assert.equal(offsiteRan(made), toolHasRemote(envText, environment));
    });

  it('mounts the SSH files of the rclone.conf that .env names with ~/, quotes and a comment', () => {
    const conf = path.join(dir, 'my conf', 'rclone.conf');
    const key = path.join(dir, '.ssh', 'id backup');
    const hosts = path.join(dir, '.ssh', 'known_hosts');
    mkdirSync(path.dirname(conf));
    mkdirSync(path.dirname(key));
    writeFileSync(key, 'key\n');
    writeFileSync(hosts, 'hosts\n');
    writeFileSync(
      conf,
      `[nas]\ntype = sftp\nkey_file = ~/.ssh/id backup\nknown_hosts_file=${hosts}  \n`,
    );
    const made = backup(
      'BACKUP_REMOTE=nas:backups\nBACKUP_RCLONE_CONFIG="~/my conf/rclone.conf" # SFTP\n',
    );
    const offsite = made.find((call) => / offsite offsite /.test(call)) ?? '';
    assert.ok(offsite.includes(`-v ${key}:${key}:ro`), offsite);
    assert.ok(offsite.includes(`-v ${hosts}:${hosts}:ro`), offsite);
  });

  it('backs up and restarts a restored site with its HTTPS volumes exactly when HTTPS is on', () => {
    const https = 'DOMAIN=bewerbung.example.ch\nACME_EMAIL=owner@example.ch\n';
    assert.match(backup(https)[0], / backup-tls create .*--store letsencrypt=/);
    assert.match(backup(`${https}HTTPS=off\n`)[0], / backup create /);
    const archive = path.join(dir, 'portfolio-backup.tar.gz.age');
    writeFileSync(archive, '');
    const restored = backup(https, { FILE: archive }, 'restore');
    assert.equal(
      restored.at(-1),
      '-f docker-compose.yml -f docker-compose.tls.yml up -d',
      restored.join('\n'),
    );
  });

  it("restores the documents into the folder the archive's .env names only when this .env or the command line names it too", () => {
    const archive = path.join(dir, 'portfolio-backup.tar.gz.age');
    writeFileSync(archive, '');
    const documents = path.join(dir, 'bewerbung');
    const restore = (record: string, environment: Record<string, string> = {}) => {
      const { run, made } = runMake('restore', '', {
        FILE: archive,
        RECORD: `DOCUMENTS_DIR='${record}'\nTLS_DIR=''\n`,
        ...environment,
      });
      return {
        status: run.status,
        stderr: run.stderr,
        restored: made.find((call) => / restore restore /.test(call)),
        verified: made.find((call) => / restore verify --json /.test(call)),
      };
    };
    const unconfirmed = restore(documents);
    assert.notEqual(unconfirmed.status, 0);
    assert.equal(unconfirmed.restored, undefined);
    assert.match(
      unconfirmed.stderr,
      /^Das Archiv legt DOCUMENTS_DIR nach „\S+bewerbung“ \(seine \.env\), hier steht DOCUMENTS_DIR „“; nichts verändert\. Stimmt der Ordner: make restore FILE=… DOCUMENTS_DIR=\S+bewerbung/m,
    );
    const confirmed = restore(documents, { DOCUMENTS_DIR: documents });
    assert.equal(confirmed.status, 0, confirmed.stderr);
    // The check of the archive, too, knows the folders come from the mounts, not the image.
    assert.match(confirmed.verified ?? '', / --project \/project --documents \/documents( |$)/);
    assert.match(confirmed.restored ?? '', new RegExp(`\\[DOCUMENTS_DIR=${documents}\\]$`));
    assert.ok(existsSync(documents), 'the folder made before Compose mounts it');
    for (const folder of ['.', '..', '/', dir, './web', '/srv/../etc']) {
      const refused = restore(folder, { DOCUMENTS_DIR: folder });
      assert.notEqual(refused.status, 0, folder);
      assert.equal(refused.restored, undefined);
      assert.match(refused.stderr, /ist kein eigener Ordner: nicht die Wurzel, nicht das Projekt/);
    }
  });
});

describe("make speaks to the image's backup tool in a language both know", () => {
  const older = { IMAGE_VERSION: 'a1b2c3d', PORTFOLIO_VERSION: 'f00ba47' };

  it('names the checkout whose Makefile the older tool understands, when it refuses a call', () => {
    const { run, made } = runMake('backup', '', { ...older, REFUSE: '1' });
    assert.notEqual(run.status, 0);
    assert.match(made[0], / backup create .*\[refused\]$/);
    assert.equal(
      run.stderr.split('\n')[0],
      'Das Backup-Werkzeug des API-Images (Version a1b2c3d) kennt diesen Aufruf nicht: ' +
        'git checkout a1b2c3d, dann make backup noch einmal.',
    );
  });

  it('make update goes on only with a tool that speaks its protocol, and takes the archive it names', () => {
    const protocol = makefileProtocol();
    const updated = runMake('update', '', { ...older, PROTOCOL: protocol });
    assert.equal(updated.run.status, 0, updated.run.stderr);
    assert.ok(
      updated.made.some((call) => / backup create --json /.test(call)),
      updated.made.join('\n'),
    );
    assert.ok(
      updated.made.some((call) => /^up -d$/.test(call)),
      updated.made.join('\n'),
    );

    const refused = runMake('update', '', older);
    assert.notEqual(refused.run.status, 0);
    assert.equal(
      refused.run.stderr.split('\n').find((line) => line.startsWith('Update abgebrochen')),
      `Update abgebrochen: das neue Image (Version a1b2c3d) spricht Protokoll 1 des Backup-Werkzeugs, ` +
        `dieses Makefile ${protocol}: git checkout a1b2c3d, dann make update; die Website läuft weiter wie vorher.`,
    );
    assert.ok(!refused.made.some((call) => / create /.test(call)), 'no archive, nothing restarted');
    assert.ok(!refused.made.some((call) => /^up /.test(call)));
  });
});
