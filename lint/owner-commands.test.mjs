// Every command the owner's docs give runs as written: each `make …` names a
// target the Makefile has, each `docker compose …` names compose files that
// exist and services those files define. Read from inline code and code
// blocks of the owner's guide, the backup chapter and the README. The engine
// suite runs the guide's first start, password, HTTPS and update steps
// (delivery/test/engine). The SSH steps of the SFTP guide run here as
// written, against rclone's SFTP server on loopback. Run by `npm run lint`.
import { execFileSync, execSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const root = path.resolve(import.meta.dirname, '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const OWNER_DOCS = ['docs/operations.md', 'docs/backup.md', 'README.md'];

/** The commands of a Markdown text: code spans and code-block lines that start with one. */
export function commandsIn(markdown) {
  const blocks = [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].flatMap(([, body]) =>
    body.split('\n'),
  );
  const spans = [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)].map(
    ([, span]) => span,
  );
  return [...blocks, ...spans]
    .map((line) =>
      line
        .replace(/\s+#.*$/, '')
        .trim()
        .replace(/^\$ /, ''),
    )
    .filter((line) => /^(make( |$)|docker compose \S)/.test(line));
}

const targets = new Set(
  [...read('Makefile').matchAll(/^([a-z][a-z0-9-]*(?: [a-z][a-z0-9-]*)*):/gm)].flatMap(
    ([, names]) => names.split(' '),
  ),
);

/** The services a compose file defines: the keys two spaces in below `services:`. */
function servicesOf(file) {
  const text = read(file);
  const start = text.search(/^services:$/m);
  if (start < 0) return [];
  const body = text.slice(start).split('\n').slice(1);
  const end = body.findIndex((line) => /^\S/.test(line));
  return (end < 0 ? body : body.slice(0, end))
    .map((line) => /^ {2}([a-z][a-z0-9-]*):/.exec(line)?.[1])
    .filter(Boolean);
}

/** Subcommands whose further words are services; exec and run take one service, then its command. */
const SERVICE_WORDS = {
  logs: 'all',
  ps: 'all',
  restart: 'all',
  stop: 'all',
  start: 'all',
  up: 'all',
  pull: 'all',
  build: 'all',
  exec: 'one',
  run: 'one',
};
/** Options of those subcommands that take a value (the next word is not a service). */
const WITH_VALUE = new Set(['--tail', '-u', '--user', '-e', '--env', '-w', '--workdir', '--since']);

/** Why a `docker compose` line would fail, or undefined. */
function composeProblem(words) {
  const files = [];
  let at = 2;
  for (; words[at] === '-f'; at += 2) files.push(words[at + 1]);
  const named = files.length > 0 ? files : ['docker-compose.yml'];
  const missing = named.find((file) => !existsSync(path.join(root, file)));
  if (missing) return `no file ${missing}`;
  const subcommand = words[at];
  const kind = SERVICE_WORDS[subcommand];
  if (!kind) return subcommand ? undefined : 'no subcommand';
  const services = new Set(named.flatMap(servicesOf));
  const rest = words.slice(at + 1);
  const given = [];
  for (let i = 0; i < rest.length; i += 1) {
    if (WITH_VALUE.has(rest[i])) i += 1;
    else if (!rest[i].startsWith('-')) {
      given.push(rest[i]);
      if (kind === 'one') break;
    }
  }
  const unknown = given.find((service) => !services.has(service));
  return unknown && `no service ${unknown} in ${named.join(' + ')}`;
}

/** Why a command would fail as written, or undefined. */
function problemOf(command) {
  const words = command.split(/\s+/);
  if (words[0] === 'docker') return composeProblem(words);
  const named = words.slice(1).filter((word) => /^[a-z][a-z0-9-]*$/.test(word));
  const unknown = named.find((target) => !targets.has(target));
  return unknown && `no target ${unknown}`;
}

test('every make and docker compose command in the owner docs runs as written', () => {
  const problems = OWNER_DOCS.flatMap((file) =>
    commandsIn(read(file))
      .map((command) => [command, problemOf(command)])
      .filter(([, problem]) => problem)
      .map(([command, problem]) => `${file}: \`${command}\`: ${problem}`),
  );
  assert.deepEqual(problems, []);
});

test('the guide gives the owner the commands of every step', () => {
  const guide = commandsIn(read('docs/operations.md')).join('\n');
  for (const step of [
    'make up',
    'make password',
    'make logs',
    'make owner-setup',
    'make access-add',
    'make backup',
    'make update',
    'make rollback',
  ])
    assert.ok(guide.includes(step), `the guide names ${step}`);
});

test('a command the guide would get wrong is caught', () => {
  assert.equal(problemOf('make up-tsl'), 'no target up-tsl');
  assert.equal(
    problemOf('docker compose logs certbot'),
    'no service certbot in docker-compose.yml',
  );
  assert.equal(
    problemOf('docker compose -f docker-compose.yml -f docker-compose.tls.yml logs certbot'),
    undefined,
  );
  assert.equal(problemOf('docker compose exec -T api node x.js'), undefined);
  assert.deepEqual(commandsIn('Run `make up`, then:\n```sh\nmake password\nls\n```\n'), [
    'make password',
    'make up',
  ]);
});

/** The command lines of the backup chapter's SFTP key steps, as the owner types them on the Pi. */
function sshSteps() {
  const section = read('docs/backup.md').split('### Ein SSH-Schlüssel für SFTP')[1] ?? '';
  const [, block = ''] = /^```sh\n([\s\S]*?)^```/m.exec(section.split('\n### ')[0]) ?? [];
  return block.split('\n').filter(Boolean);
}

const hasTool = (name) => {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

test(
  'the SFTP guide makes a key without passphrase, trusts the server, and rclone reaches it',
  {
    skip: ['ssh-keygen', 'ssh-keyscan', 'rclone'].every(hasTool)
      ? false
      : 'needs openssh-client and rclone',
  },
  async () => {
    const [keygen, copyId, keyscan, ...more] = sshSteps();
    assert.deepEqual(more, []);
    assert.match(keygen, /^ssh-keygen .*-N '' /, 'no passphrase: cron cannot type one');
    assert.equal(copyId, 'ssh-copy-id -i ~/.ssh/portfolio-backup.pub benutzer@server');
    assert.match(keyscan, /^ssh-keyscan server > /);
    const home = mkdtempSync(path.join(os.tmpdir(), 'portfolio-ssh-guide-'));
    const env = { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: path.join(home, '.cache') };
    let server;
    try {
      mkdirSync(path.join(home, '.ssh'), { mode: 0o700 });
      mkdirSync(path.join(home, 'server', 'portfolio-backups'), { recursive: true });
      execSync(keygen, { env, stdio: 'pipe' });
      const key = path.join(home, '.ssh', 'portfolio-backup');
      // Opens without a passphrase, as the nightly cron job must.
      execFileSync('ssh-keygen', ['-y', '-P', '', '-f', key], { stdio: 'pipe' });
      // What ssh-copy-id leaves on the server: the public key in its authorized keys.
      copyFileSync(`${key}.pub`, path.join(home, 'authorized_keys'));
      server = spawn(
        'rclone',
        [
          'serve',
          'sftp',
          path.join(home, 'server'),
          '--addr',
          '127.0.0.1:0',
          '--authorized-keys',
          path.join(home, 'authorized_keys'),
          '--cache-dir',
          path.join(home, '.cache'),
        ],
        { env },
      );
      let log = '';
      server.stderr.on('data', (chunk) => (log += chunk));
      while (!/listening on 127\.0\.0\.1:(\d+)/.test(log))
        await Promise.race([
          once(server.stderr, 'data'),
          once(server, 'exit').then(() => assert.fail(log)),
        ]);
      const port = /listening on 127\.0\.0\.1:(\d+)/.exec(log)[1];
      execSync(keyscan.replace(' server ', ` -p ${port} 127.0.0.1 `), { env, stdio: 'pipe' });
      const conf = path.join(home, 'rclone.conf');
      writeFileSync(
        conf,
        `[offsite]\ntype = sftp\nhost = 127.0.0.1\nport = ${port}\nuser = benutzer\n` +
          'key_file = ~/.ssh/portfolio-backup\nknown_hosts_file = ~/.ssh/portfolio-backup-hosts\n',
      );
      const listed = execFileSync('rclone', ['--config', conf, 'lsd', 'offsite:'], {
        env,
        encoding: 'utf8',
      });
      assert.match(listed, / portfolio-backups\n/);
      // known_hosts_file counts: a server with another key is refused.
      const hosts = path.join(home, '.ssh', 'portfolio-backup-hosts');
      const [name, type] = readFileSync(hosts, 'utf8').split('\n').filter(Boolean)[0].split(' ');
      execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(home, 'other')]);
      const other = readFileSync(path.join(home, 'other.pub'), 'utf8').split(' ')[1];
      writeFileSync(hosts, `${name} ${type} ${other}\n`);
      assert.throws(() =>
        execFileSync('rclone', ['--config', conf, 'lsd', 'offsite:', '--retries', '1'], {
          env,
          stdio: 'pipe',
        }),
      );
    } finally {
      server?.kill();
      rmSync(home, { recursive: true, force: true });
    }
  },
);
