// `make password` and `make password-local`: the password asked for twice
// without echo and piped, never put on a command line, into the API's
// set-password tool, which writes AUTH_PASSWORD_HASH into the project's
// .env. The Docker target runs the tool in a container of the API image
// (docker-compose.tools.yml); here a stand-in COMPOSE records what it gets,
// a stand-in npm hands the native target's call to the real tool for a
// scratch project, and the tool itself runs as `make password-local` runs it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { repoRoot } from '@portfolio/stack';
import { parsePasswordHash, verifyPassword } from '@portfolio/api/password-hash';
import { scratchDir } from './helpers/scratch';

const setPasswordCli = path.join(repoRoot, 'api', 'src', 'auth', 'set-password.cli.ts');
const TOOLS_RUN =
  'docker compose -f docker-compose.yml -f docker-compose.tools.yml run --rm --no-deps -T password --project /project';
const SAID_DONE =
  'AUTH_PASSWORD_HASH in .env eingetragen; es gilt nach einem Neustart: make up (ohne Docker: make local neu starten).';

const OTHER_LINES =
  '# Einstellungen\nAUTH_USERNAME=ich\nAUTH_PASSWORD_HASH=\nMAIL_TO="a@b.ch" # Kommentar';

/** The shell command `make -n` prints for `target`. */
function dryRun(target: string): string {
  const run = spawnSync('make', ['-n', '--no-print-directory', target], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}

/** `make target` with `input` on stdin (no terminal) and `env` besides a plain PATH. */
function make(target: string, input: string, env: NodeJS.ProcessEnv, vars: string[] = []) {
  return spawnSync('make', ['--no-print-directory', target, ...vars], {
    cwd: repoRoot,
    env: { PATH: '/usr/bin:/bin', ...env },
    input,
    encoding: 'utf8',
  });
}

/** The set-password tool for `project`, as `npm run -s set-password -w api` runs it. */
function setPassword(project: string, input: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', setPasswordCli, '--project', project], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH },
    input,
    encoding: 'utf8',
  });
}

/** `project`'s .env: `kept` with the hash of `password` set, owner-only. */
async function assertPasswordSet(project: string, password: string, kept: string) {
  const envFile = path.join(project, '.env');
  const text = readFileSync(envFile, 'utf8');
  const [, hash] = /^AUTH_PASSWORD_HASH=(\S+)$/m.exec(text) ?? [];
  assert.ok(hash, text);
  assert.equal(text, kept.replace('AUTH_PASSWORD_HASH=', `AUTH_PASSWORD_HASH=${hash}`));
  const parsed = parsePasswordHash(hash);
  assert.ok(parsed);
  assert.equal(await verifyPassword(password, parsed), true);
  assert.equal(statSync(envFile).mode & 0o777, 0o600);
}

describe('make password', () => {
  it('asks twice without echo and pipes both lines into the tool in the API image', () => {
    const command = dryRun('password');
    assert.match(command, /^sh scripts\/check-docker\.sh "docker compose"\n/);
    assert.match(command, /stty -echo 2>\/dev\/null;.*IFS= read -r pw;.*IFS= read -r again;/);
    assert.ok(command.includes(`printf '%s\\n%s\\n' "$pw" "$again" | ${TOOLS_RUN}\n`), command);
    // No hash is printed for copying any more, and nothing needs node_modules.
    assert.doesNotMatch(command, /AUTH_PASSWORD_HASH=|npm |npx /);
  });

  it('runs the same natively for make password-local', () => {
    const command = dryRun('password-local');
    assert.match(command, /stty -echo 2>\/dev\/null;.*IFS= read -r pw;.*IFS= read -r again;/);
    assert.ok(
      command.includes(`printf '%s\\n%s\\n' "$pw" "$again" | npm run -s set-password -w api\n`),
      command,
    );
  });

  it('runs the tool as root with only the capabilities it needs, the project at /project', () => {
    const tools = parse(readFileSync(path.join(repoRoot, 'docker-compose.tools.yml'), 'utf8'), {
      merge: true,
    }) as { services: Record<string, Record<string, unknown>> };
    const { password } = tools.services;
    assert.deepEqual(Object.keys(tools.services), ['password']);
    assert.equal(password.image, '${PORTFOLIO_IMAGES:-portfolio}-api:${PORTFOLIO_TAG:-latest}');
    assert.deepEqual(password.build, { context: '.', dockerfile: 'Dockerfile.api' });
    assert.deepEqual(password.profiles, ['password']);
    assert.equal(password.user, '0:0');
    assert.deepEqual(password.entrypoint, ['node', 'dist/auth/set-password.cli.js']);
    assert.equal(password.working_dir, '/app/api');
    assert.ok(existsSync(setPasswordCli), 'the entry point is built from set-password.cli.ts');
    assert.deepEqual(password.cap_drop, ['ALL']);
    assert.deepEqual(password.cap_add, ['DAC_OVERRIDE', 'CHOWN']);
    assert.equal(password.network_mode, 'none');
    assert.equal(password.read_only, true);
    assert.deepEqual(password.volumes, ['./:/project']);
  });

  it('hands the container both lines on stdin and nothing on its command line', () => {
    const bin = scratchDir('portfolio-make-password-');
    const compose = path.join(bin, 'compose');
    writeFileSync(
      compose,
      `#!/bin/sh\nprintf '%s\\n' "$*" > '${bin}/args'\ncat > '${bin}/stdin'\necho eingetragen\n`,
    );
    chmodSync(compose, 0o755);
    const run = make('password', 'Mein "Passwort" $HOME\nMein "Passwort" $HOME\n', {}, [
      `COMPOSE=${compose}`,
      'CHECK_DOCKER=true',
    ]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Neues Passwort: \nNoch einmal: \neingetragen\n$/);
    assert.equal(
      readFileSync(path.join(bin, 'args'), 'utf8'),
      `${TOOLS_RUN.replace('docker compose ', '')}\n`,
    );
    assert.equal(
      readFileSync(path.join(bin, 'stdin'), 'utf8'),
      'Mein "Passwort" $HOME\nMein "Passwort" $HOME\n',
    );
  });

  it('writes the hash into .env natively through make password-local', async () => {
    const project = scratchDir('portfolio-password-project-');
    const bin = scratchDir('portfolio-password-npm-');
    writeFileSync(path.join(project, '.env'), OTHER_LINES);
    // npm as the Makefile calls it: its arguments recorded, the real tool run for the scratch project.
    writeFileSync(
      path.join(bin, 'npm'),
      `#!/bin/sh\nprintf '%s\\n' "$*" >> '${bin}/calls'\n[ "$1" = run ] || exit 0\n` +
        `exec '${process.execPath}' --import tsx '${setPasswordCli}' --project '${project}'\n`,
    );
    chmodSync(path.join(bin, 'npm'), 0o755);
    const run = make('password-local', ' mit Leerzeichen \n mit Leerzeichen \n', {
      PATH: `${bin}:/usr/bin:/bin`,
    });
    assert.equal(run.status, 0, run.stderr);
    const calls = readFileSync(path.join(bin, 'calls'), 'utf8').trim().split('\n');
    assert.equal(calls.at(-1), 'run -s set-password -w api');
    assert.equal(run.stdout.trim().split('\n').at(-1), SAID_DONE);
    await assertPasswordSet(project, ' mit Leerzeichen ', OTHER_LINES);
  });
});

describe('the set-password tool with the password on stdin', () => {
  it('replaces the line in .env and keeps every other byte', async () => {
    const project = scratchDir('portfolio-password-project-');
    writeFileSync(path.join(project, '.env'), OTHER_LINES);
    const run = setPassword(project, 'Richtig-Geheim-42\nRichtig-Geheim-42\n');
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, `${SAID_DONE}\n`);
    await assertPasswordSet(project, 'Richtig-Geheim-42', OTHER_LINES);
  });

  it('makes a missing .env with only that line', async () => {
    const project = scratchDir('portfolio-password-project-');
    const run = setPassword(project, 'Richtig-Geheim-42\nRichtig-Geheim-42');
    assert.equal(run.status, 0, run.stderr);
    await assertPasswordSet(project, 'Richtig-Geheim-42', 'AUTH_PASSWORD_HASH=\n');
  });

  it('refuses two different entries and an empty one with one line, .env unchanged', () => {
    const project = scratchDir('portfolio-password-project-');
    writeFileSync(path.join(project, '.env'), OTHER_LINES);
    for (const [input, line] of [
      ['eins\nzwei\n', 'Die beiden Eingaben sind verschieden: nichts geändert.\n'],
      ['eins\n', 'Die beiden Eingaben sind verschieden: nichts geändert.\n'],
      ['\n\n', 'Kein Passwort eingegeben: nichts geändert.\n'],
      ['', 'Kein Passwort eingegeben: nichts geändert.\n'],
    ]) {
      const run = setPassword(project, input);
      assert.equal(run.status, 1, input);
      assert.equal(run.stderr, line);
      assert.equal(run.stdout, '');
      assert.equal(readFileSync(path.join(project, '.env'), 'utf8'), OTHER_LINES);
    }
  });
});
