// Encrypted backups that leave the machine (docs/backup.md), natively, with
// the tools the owner uses: the backup tool as `make backup-local`,
// `make backup-check-local` and `make restore-local` call it (with a scratch
// project instead of this repository's), the real `rclone` copying to a real
// WebDAV server (`rclone serve webdav` on 127.0.0.1, which has no SHA-256,
// so every copy is read back), and the real `age` opening what arrives.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { repoRoot, startStack, waitForMail } from '@portfolio/stack';
import {
  accessCli,
  backupCli,
  runTool,
  storeArgs as storesOf,
  type Run,
} from './helpers/owner-tools';
import { byAge } from './helpers/archive-names';
import { scratchDir } from './helpers/scratch';
import { until } from './helpers/until';

const OURS = /^portfolio-backup-.*\.tar\.gz(\.age)?$/;
const INDEX = 'portfolio-backup-index.json';
const SECRET = 'JWT_SECRET=geheim-geheim-geheim-geheim-geheim-0815';

/** `rclone serve KIND` of a folder on a free loopback port; resolves with its port. */
function serve(kind: string, args: string[]): Promise<{ port: number; server: ChildProcess }> {
  const server = spawn('rclone', ['serve', kind, ...args, '--addr', '127.0.0.1:0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let log = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const port = /(?:listening on |http:\/\/)127\.0\.0\.1:(\d+)/.exec(log)?.[1];
      if (port) resolve({ port: Number(port), server });
    });
    server.on('exit', () => reject(new Error(`rclone serve ${kind} ended: ${log}`)));
  });
}

// No directory cache: the test changes the served files behind the server's back.
const serveWebdav = (folder: string) => serve('webdav', [folder, '--dir-cache-time', '0s']);

/** An SFTP server of `folder` that knows only the key pair `keys`/client, and its rclone remote. */
async function serveSftp(folder: string, keys: string) {
  for (const name of ['client', 'host'])
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(keys, name)]);
  const key = (name: string) => path.join(keys, name);
  const served = await serve(
    'sftp',
    [folder, '--key', key('host')].concat(['--authorized-keys', key('client.pub')]),
  );
  const hostKey = readFileSync(key('host.pub'), 'utf8').split(' ').slice(0, 2).join(' ');
  writeFileSync(key('known_hosts'), `[127.0.0.1]:${served.port} ${hostKey}\n`);
  const remote =
    `[sftp]\ntype = sftp\nhost = 127.0.0.1\nport = ${served.port}\nuser = pi\n` +
    `key_file = ${key('client')}\nknown_hosts_file = ${key('known_hosts')}\n`;
  return { ...served, remote };
}

const stop = (server: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (server.exitCode !== null) return resolve();
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });

describe('encrypted backups copied off-site with rclone', () => {
  const work = scratchDir('portfolio-offsite-');
  const project = path.join(work, 'project');
  const backups = path.join(work, 'backups');
  const remoteDir = path.join(work, 'remote');
  const keyFile = path.join(work, 'owner-key.txt');
  const envFile = path.join(project, '.env');
  const rcloneConfig = path.join(work, 'rclone.conf');
  const stores = { access: path.join(work, 'access'), outbox: path.join(work, 'mail-outbox') };
  const storeArgs = storesOf(project, stores);
  const document = Buffer.alloc(300_000, 'Arbeitszeugnis vertraulich ');
  let server: ChildProcess;
  let recipient: string;
  let env: Record<string, string>;

  // The drill's own project folder, as on the owner's computer: its records stay there.
  const drillProject = path.join(work, 'drill');
  const cli = (args: string[], extra: Record<string, string> = {}): Run =>
    runTool(backupCli, args, { ...env, ...extra });
  const ours = (folder: string) =>
    existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => OURS.test(name))
          .sort(byAge)
      : [];
  const remote = () => ours(path.join(remoteDir, 'portfolio-backups'));
  const startRemote = async () => {
    const served = await serveWebdav(remoteDir);
    server = served.server;
    writeFileSync(
      rcloneConfig,
      `[offsite]\ntype = webdav\nurl = http://127.0.0.1:${served.port}/\nvendor = other\n`,
    );
  };
  /** The off-site container's project: only the lock and the records, as compose mounts them. */
  const offsiteProject = path.join(work, 'offsite-project');
  const offsite = (extra: Record<string, string> = {}) =>
    runTool(backupCli, ['offsite', '--project', offsiteProject], { ...env, ...extra });
  const heartbeat = () =>
    existsSync(path.join(stores.access, 'backup-heartbeat.json'))
      ? (JSON.parse(readFileSync(path.join(stores.access, 'backup-heartbeat.json'), 'utf8')) as {
          archive: string;
        })
      : undefined;
  const state = () => ({
    access: readdirSync(stores.access).map((name) =>
      readFileSync(path.join(stores.access, name), 'utf8'),
    ),
    env: readFileSync(path.join(project, '.env'), 'utf8'),
    local: ours(backups),
    remote: remote(),
  });

  before(async () => {
    mkdirSync(path.join(project, 'documents', 'private'), { recursive: true });
    mkdirSync(remoteDir);
    mkdirSync(drillProject);
    mkdirSync(path.join(project, '.portfolio-backup.state'), { recursive: true });
    mkdirSync(offsiteProject);
    symlinkSync(
      path.join(project, '.portfolio-backup.state'),
      path.join(offsiteProject, '.portfolio-backup.state'),
    );
    mkdirSync(path.join(stores.outbox, 'queue'), { recursive: true });
    writeFileSync(path.join(stores.outbox, 'queue', '1767225600000-a.json'), '{"id":"waiting"}');
    writeFileSync(path.join(project, '.env'), `${SECRET}\n`, { mode: 0o600 });
    writeFileSync(path.join(project, 'documents', 'private', 'zeugnis.pdf'), document);
    // The owner's keys, as make backup-key-local makes them: age's and the signing pair.
    const made = runTool(backupCli, ['key', '--out', keyFile, '--project', project], {
      PATH: process.env.PATH ?? '',
    });
    assert.equal(made.status, 0, made.stderr);
    recipient = /^BACKUP_AGE_RECIPIENTS=(age1\w+)$/m.exec(readFileSync(envFile, 'utf8'))?.[1] ?? '';
    await startRemote();
    env = {
      PATH: process.env.PATH ?? '',
      HOME: work,
      TMPDIR: work,
      ACCESS_DIR: stores.access,
      BACKUP_DIR: backups,
      DOCUMENTS_DIR: './documents/private',
      BACKUP_AGE_RECIPIENTS: recipient,
      BACKUP_REMOTE: 'offsite:portfolio-backups',
      BACKUP_RCLONE_CONFIG: rcloneConfig,
      // A refused connection is not tried again and again.
      RCLONE_RETRIES: '1',
      RCLONE_LOW_LEVEL_RETRIES: '1',
    };
    // The link sees the sample manifest's sections; the project's own documents are the backup's.
    const samples = { ...env, DOCUMENTS_DIR: path.join(repoRoot, 'documents', 'samples') };
    const added = runTool(accessCli, ['add', 'Muster AG'], samples);
    assert.equal(added.status, 0, added.stderr);
  });

  after(() => stop(server));

  it('passes FILE and AGE_IDENTITY to the tool as names, whatever they hold', () => {
    const make = (target: string, vars: string[]) =>
      spawnSync('make', ['-s', '--no-print-directory', target, ...vars], {
        cwd: repoRoot,
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    const file = path.join(work, 'x"; touch pwned; echo "');
    for (const target of ['restore-local', 'backup-check-local']) {
      const run = make(target, [`FILE=${file}`, `AGE_IDENTITY=${path.join(work, 'a b', 'key')}`]);
      // make's own code for a recipe that failed.
      assert.equal(run.status, 2, `${target}: ${run.stderr}`);
      assert.match(run.stderr, /Schlüsseldatei \S+\/a b\/key ist nicht lesbar \(ENOENT\)/);
    }
    const restore = make('restore-local', [`FILE=${file}`]);
    assert.match(restore.stderr, /x"; touch pwned; echo "/);
    assert.ok(!existsSync(path.join(repoRoot, 'pwned')), 'no shell ran the name');
  });

  it('says in one line that an archive without recipients is not encrypted', () => {
    const plain = path.join(work, 'plain');
    // A project without keys in its .env.
    mkdirSync(path.join(plain, 'project'), { recursive: true });
    const plainStores = storesOf(path.join(plain, 'project'), stores);
    const run = cli(['create', '--offsite', ...plainStores], {
      BACKUP_DIR: plain,
      BACKUP_AGE_RECIPIENTS: '',
      BACKUP_REMOTE: '',
    });
    assert.equal(run.status, 0, run.stderr);
    const lines = run.stdout.trim().split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0], /^Sicherung \S+\.tar\.gz \(/);
    assert.equal(
      lines[1],
      'Nicht verschlüsselt: wer das Archiv hat, liest alles darin; make backup-key macht ' +
        'einen Schlüssel und trägt ihn in .env ein (docs/backup.md).',
    );
    assert.deepEqual(remote(), []);
    rmSync(plain, { recursive: true });
  });

  it('copies an encrypted archive that age opens and that reveals nothing', () => {
    const run = cli(['create', '--offsite', ...storeArgs]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
    const [name] = remote();
    assert.match(name, /^portfolio-backup-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz\.age$/);
    assert.match(
      run.stdout,
      new RegExp(
        `^Sicherung \\S+${name.replace(/\./g, '\\.')} \\([\\d.]+ [kM]?B, verschlüsselt, geprüft\\): ` +
          `access \\d+, outbox 1, env 1, documents 1 Datei\\(en\\)\\n` +
          `Ausser Haus: ${name.replace(/\./g, '\\.')} nach offsite:portfolio-backups kopiert und ` +
          'geprüft \\(\\d+ Bytes, SHA-256 der zurückgelesenen Kopie\\)\\n' +
          'Ausser Haus: portfolio-backup-index\\.json nach offsite:portfolio-backups kopiert und ' +
          'geprüft \\(\\d+ Bytes, SHA-256 der zurückgelesenen Kopie\\)\\n$',
      ),
    );
    const copy = path.join(remoteDir, 'portfolio-backups', name);
    const bytes = readFileSync(copy);
    assert.deepEqual(bytes, readFileSync(path.join(backups, name)));
    for (const secret of ['manifest.json', SECRET, 'Muster AG', 'Arbeitszeugnis', 'zeugnis.pdf'])
      assert.ok(!bytes.includes(secret), `${secret} is not readable in the copy`);
    // The standard tool opens it, and the manifest inside verifies.
    const opened = spawnSync('age', ['-d', '-i', keyFile, copy], { maxBuffer: 64 << 20 });
    assert.equal(opened.status, 0, opened.stderr?.toString());
    const tar = gunzipSync(opened.stdout);
    assert.ok(tar.includes('manifest.json') && tar.includes(document.subarray(0, 1000)));
    const verified = cli(['verify', copy, '--identity', keyFile]);
    assert.equal(verified.status, 0, verified.stderr);
    assert.match(
      verified.stdout,
      /^Archiv in Ordnung: .*access \d+, outbox 1, env 1, documents 1 Datei/,
    );
  });

  it('refuses a wrong key, or none, with one line and changes nothing', () => {
    const [name] = remote();
    const copy = path.join(remoteDir, 'portfolio-backups', name);
    const other = path.join(work, 'other-key.txt');
    const otherProject = path.join(work, 'other-project');
    mkdirSync(otherProject);
    runTool(backupCli, ['key', '--out', other, '--project', otherProject], env);
    const before = state();
    for (const identity of [['--identity', other], []]) {
      for (const command of [
        ['verify', copy],
        ['restore', copy, ...storeArgs],
      ]) {
        const run = cli([...command, ...identity]);
        assert.equal(run.status, 1, run.stderr);
        assert.equal(run.stdout, '');
        assert.match(
          run.stderr,
          identity.length > 0
            ? new RegExp(`^Falscher Schlüssel: ${other} öffnet ${name} nicht [^\\n]*\\n$`)
            : new RegExp(`^${name} ist verschlüsselt: den geheimen Schlüssel angeben [^\\n]*\\n$`),
        );
      }
    }
    assert.deepEqual(state(), before);
    rmSync(other);
  });

  it('keeps BACKUP_KEEP archives here and at the remote, by the same rule', () => {
    for (let n = 0; n < 3; n += 1) {
      const run = cli(['create', '--offsite', ...storeArgs], { BACKUP_KEEP: '2' });
      assert.equal(run.status, 0, run.stderr);
    }
    assert.equal(remote().length, 2);
    assert.deepEqual(remote(), ours(backups));
  });

  it('keeps the archive and prunes nothing when the remote is down, says so in one line and mails it', async () => {
    await stop(server);
    const before = ours(backups);
    const queue = path.join(stores.outbox, 'queue');
    const waiting = readdirSync(queue);
    const run = cli(['create', '--offsite', ...storeArgs], { BACKUP_KEEP: '2' });
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /^Kopie ausser Haus gescheitert: offsite:portfolio-backups: .*connection refused; das Archiv bleibt hier, nichts gelöscht\.\n$/,
    );
    // The mail to the owner waits in the outbox, and goes once the API runs.
    const [queued] = readdirSync(queue).filter((name) => !waiting.includes(name));
    assert.match(
      run.stdout,
      new RegExp(`^Mail an MAIL_TO in der Warteschlange \\(\\S+${queued}\\)\\.$`, 'm'),
    );
    const stack = await startStack({
      env: {
        ACCESS_DIR: stores.access,
        MAIL_OUTBOX_DIR: stores.outbox,
        MAIL_TO: 'inhaberin@portfolio.test',
      },
    });
    try {
      const { mail } = await waitForMail(stack.mailDir as string, (one) =>
        (one.subject ?? '').startsWith('Sicherung gescheitert: Kopie ausser Haus gescheitert'),
      );
      assert.match(
        mail.text ?? '',
        /connection refused; das Archiv bleibt hier, nichts gelöscht\./,
      );
      assert.match(mail.text ?? '', /dann auf dem Server make backup/);
    } finally {
      await stack.stop();
    }
    const after = ours(backups);
    assert.equal(after.length, before.length + 1, 'the new archive is kept, none pruned');
    assert.deepEqual(after.slice(0, -1), before);
    assert.equal(remote().length, 2);
    await startRemote();
    // The next night's copy reaches the remote again; each side keeps BACKUP_KEEP.
    const again = cli(['create', '--offsite', ...storeArgs], { BACKUP_KEEP: '2' });
    assert.equal(again.status, 0, again.stderr);
    assert.equal(remote().length, 2);
    assert.equal(ours(backups).length, 2);
    assert.equal(remote().at(-1), ours(backups).at(-1));
  });

  it('runs make backup’s two steps apart: create without the remote, then offsite without the key', () => {
    const before = { local: ours(backups), remote: remote() };
    const run = cli(['create', ...storeArgs], { BACKUP_KEEP: '1' });
    assert.equal(run.status, 0, run.stderr);
    const name = ours(backups).at(-1) ?? '';
    assert.match(run.stdout, /^Sicherung \S+\.tar\.gz\.age \(/);
    assert.deepEqual(ours(backups), [...before.local, name], 'nothing pruned before the copy');
    assert.deepEqual(remote(), before.remote);
    // The off-site container's view: no .env, no signing key, only the settings compose hands it.
    // The night is complete only with its copy: the API's age watch reads the heartbeat.
    assert.notEqual(heartbeat()?.archive, name);
    const sent = offsite({ BACKUP_KEEP: '2' });
    assert.equal(sent.status, 0, sent.stderr);
    const reported = cli(['report', ...storeArgs]);
    assert.deepEqual([reported.status, reported.stdout], [0, '']);
    assert.equal(heartbeat()?.archive, name);
    const escaped = name.replace(/\./g, '\\.');
    assert.match(
      sent.stdout,
      new RegExp(`^Ausser Haus: ${escaped} nach offsite:portfolio-backups kopiert und geprüft`),
    );
    assert.match(sent.stdout, /^Ausser Haus: portfolio-backup-index\.json nach /m);
    assert.match(sent.stdout, /^In offsite:portfolio-backups gelöscht: /m);
    assert.equal(remote().length, 2);
    assert.equal(remote().at(-1), name);
    assert.equal(ours(backups).length, 2);
    assert.equal(ours(backups).at(-1), name);
  });

  it('mails a night whose off-site step never ran, and the heartbeat stays on the last complete one', () => {
    const before = heartbeat();
    const made = cli(['create', ...storeArgs]);
    assert.equal(made.status, 0, made.stderr);
    // Compose could not start the off-site container: it left no record at all.
    const queued = new Set(readdirSync(path.join(stores.outbox, 'queue')));
    const reported = cli(['report', ...storeArgs]);
    assert.equal(reported.status, 0, reported.stderr);
    assert.match(reported.stdout, /^Mail an MAIL_TO in der Warteschlange \(/);
    const mails = readdirSync(path.join(stores.outbox, 'queue')).filter((n) => !queued.has(n));
    assert.equal(mails.length, 1);
    const { mail } = JSON.parse(readFileSync(path.join(stores.outbox, 'queue', mails[0]), 'utf8'));
    assert.match(
      mail.subject,
      /^Sicherung gescheitert: Der Schritt ausser Haus lief nicht zu Ende/,
    );
    assert.deepEqual(heartbeat(), before);
    rmSync(path.join(stores.outbox, 'queue', mails[0]));
    // The next night's copy completes it again.
    const next = cli(['create', '--offsite', ...storeArgs]);
    assert.equal(next.status, 0, next.stderr);
    assert.equal(heartbeat()?.archive, ours(backups).at(-1));
  });

  it('pushes and prunes nothing when the new archive’s bytes are swapped in between create and offsite', () => {
    const made = cli(['create', ...storeArgs], { BACKUP_KEEP: '1' });
    assert.equal(made.status, 0, made.stderr);
    const name = ours(backups).at(-1) ?? '';
    const file = path.join(backups, name);
    const genuine = readFileSync(file);
    writeFileSync(file, randomBytes(genuine.length));
    const before = { local: ours(backups), remote: remote() };
    const sent = offsite({ BACKUP_KEEP: '1' });
    assert.equal(sent.status, 1, sent.stdout);
    assert.equal(
      sent.stderr,
      `${name} in ${backups} ist nicht mehr, wie make backup es schrieb: ` +
        'nichts ausser Haus kopiert, nichts gelöscht.\n',
    );
    assert.deepEqual({ local: ours(backups), remote: remote() }, before);
    writeFileSync(file, genuine);
    assert.equal(offsite().status, 0);
  });

  it('pushes and prunes nothing when an unsigned index is swapped in between create and offsite', () => {
    const made = cli(['create', ...storeArgs], { BACKUP_KEEP: '1' });
    assert.equal(made.status, 0, made.stderr);
    const genuine = readFileSync(path.join(backups, INDEX));
    // Seven planted names, dated after every real archive, and an unsigned index naming them.
    const planted = [1, 2, 3, 4, 5, 6, 7].map(
      (n) => `portfolio-backup-2099-01-0${n}T000000Z.tar.gz.age`,
    );
    for (const name of planted) writeFileSync(path.join(backups, name), 'fake!');
    const forged = { format: 'portfolio-backup-index', sequence: 999, archives: planted };
    writeFileSync(path.join(backups, INDEX), JSON.stringify(forged));
    const before = { local: ours(backups), remote: remote() };
    const sent = offsite({ BACKUP_KEEP: '2' });
    assert.equal(sent.status, 1, sent.stdout);
    assert.equal(
      sent.stderr,
      `${INDEX} in ${backups} fehlt oder ist nicht das, das make backup zuletzt schrieb: ` +
        'nichts ausser Haus kopiert, nichts gelöscht.\n',
    );
    assert.deepEqual({ local: ours(backups), remote: remote() }, before);
    for (const name of planted) rmSync(path.join(backups, name));
    writeFileSync(path.join(backups, INDEX), genuine);
    assert.equal(offsite().status, 0);
  });

  it('checks the newest off-site copy whole, and finds it cut short, altered or too old', () => {
    const ok = cli(['check', '--offsite', '--identity', keyFile, '--project', drillProject]);
    assert.equal(ok.status, 0, ok.stderr);
    const newest = remote().at(-1) ?? '';
    assert.match(
      ok.stdout,
      new RegExp(
        `^Neuestes Archiv in Ordnung: ${newest.replace(/\./g, '\\.')} in offsite:portfolio-backups, ` +
          '\\d+ Minuten alt: access \\d+, outbox 1, env 1, documents 1 Datei\\(en\\)\\n' +
          'Älteres Archiv in Ordnung: portfolio-backup-\\S+, \\d+ Minuten alt: [^\\n]+\\n$',
      ),
    );
    const tooOld = cli(['check', '--offsite', '--identity', keyFile, '--project', drillProject], {
      BACKUP_MAX_AGE: '1',
    });
    const copy = path.join(remoteDir, 'portfolio-backups', newest);
    const bytes = readFileSync(copy);
    const altered = Buffer.from(bytes);
    altered[Math.floor(bytes.length / 2)] ^= 1;
    writeFileSync(copy, altered);
    const changed = cli(['check', '--offsite', '--identity', keyFile, '--project', drillProject]);
    truncateSync(copy, Math.floor(bytes.length / 2));
    const cut = cli(['check', '--offsite', '--identity', keyFile, '--project', drillProject]);
    writeFileSync(copy, bytes);
    for (const run of [changed, cut]) {
      assert.equal(run.status, 1);
      assert.match(run.stderr, new RegExp(`^Archiv abgelehnt: ${newest} in offsite:[^\\n]+\\n$`));
    }
    assert.equal(tooOld.status, 1, tooOld.stdout);
    assert.match(
      tooOld.stderr,
      /^Neuestes Archiv zu alt: .* mehr als BACKUP_MAX_AGE \(0 Minuten\); [^\n]+\n$/,
    );
    // Nothing fetched for the check stays behind.
    assert.deepEqual(
      readdirSync(work).filter((name) => name.startsWith('portfolio-backup-check-')),
      [],
    );
  });

  it('splits the drill as make backup-check does: fetched with network and no key, read with the key', () => {
    const into = path.join(work, 'fetched-for-drill');
    mkdirSync(into);
    // The fetching container's view: no .env, no key file.
    const fetched = runTool(backupCli, ['fetch', '--project', drillProject, '--into', into], env);
    assert.equal(fetched.status, 0, fetched.stderr);
    assert.deepEqual(
      readFileSync(path.join(into, 'remote-names.txt'), 'utf8').split('\n').filter(Boolean).sort(),
      readdirSync(path.join(remoteDir, 'portfolio-backups')).sort(),
    );
    const drill = cli([
      'check',
      into,
      '--fetched',
      '--identity',
      keyFile,
      '--project',
      drillProject,
    ]);
    assert.equal(drill.status, 0, drill.stderr);
    assert.match(drill.stdout, /^Neuestes Archiv in Ordnung: \S+ in offsite:portfolio-backups, /);
    rmSync(into, { recursive: true });
  });

  it('runs the weekly check on a laptop with only the remote in .env and the key file', () => {
    // A clone on the owner's laptop: rclone's config where rclone keeps it, .env with one line.
    const laptop = path.join(work, 'laptop');
    mkdirSync(path.join(laptop, '.config', 'rclone'), { recursive: true });
    mkdirSync(path.join(laptop, 'portfolio'));
    copyFileSync(rcloneConfig, path.join(laptop, '.config', 'rclone', 'rclone.conf'));
    writeFileSync(
      path.join(laptop, 'portfolio', '.env'),
      'BACKUP_REMOTE=offsite:portfolio-backups\n',
    );
    const args = ['check', '--offsite', '--identity', keyFile, '--project', `${laptop}/portfolio`];
    const run = runTool(backupCli, args, { PATH: process.env.PATH ?? '', HOME: laptop });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Neuestes Archiv in Ordnung: \S+ in offsite:portfolio-backups, /);
  });

  it('brings the access links and the documents back from the off-site copy alone', () => {
    const newest = remote().at(-1) ?? '';
    const fetched = path.join(work, 'fetched');
    mkdirSync(fetched);
    const copied = spawnSync('rclone', [
      '--config',
      rcloneConfig,
      'copyto',
      `offsite:portfolio-backups/${newest}`,
      path.join(fetched, newest),
    ]);
    assert.equal(copied.status, 0, copied.stderr?.toString());
    const before = readFileSync(path.join(stores.access, 'accesses.json'), 'utf8');
    const settings = readFileSync(envFile, 'utf8');
    for (const folder of [stores.access, path.join(project, 'documents')])
      rmSync(folder, { recursive: true });
    rmSync(path.join(project, '.env'));
    const run = cli(['restore', path.join(fetched, newest), '--identity', keyFile, ...storeArgs]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(readFileSync(path.join(stores.access, 'accesses.json'), 'utf8'), before);
    assert.deepEqual(
      readFileSync(path.join(project, 'documents', 'private', 'zeugnis.pdf')),
      document,
    );
    assert.equal(readFileSync(envFile, 'utf8'), settings);
    assert.ok(settings.startsWith(`${SECRET}\n`));
    const listed = runTool(accessCli, ['list'], env);
    assert.equal(listed.status, 0, listed.stderr);
    assert.match(listed.stdout, /Muster AG/);
  });

  it('costs no real archive for seven names planted at the remote, and the drill fails naming them', () => {
    const folder = path.join(remoteDir, 'portfolio-backups');
    // Five bytes each, newer than every real archive and dated where no
    // backup of this test can be named, however fast or slow it runs.
    const planted = [1, 2, 3, 4, 5, 6, 7].map(
      (n) => `portfolio-backup-2099-01-0${n}T000000Z.tar.gz.age`,
    );
    for (const name of planted) writeFileSync(path.join(folder, name), 'fake!');
    const real = remote().filter((name) => !planted.includes(name));
    const run = cli(['create', '--offsite', ...storeArgs], { BACKUP_KEEP: '2' });
    assert.equal(run.status, 0, run.stderr);
    const after = remote();
    assert.deepEqual(
      after.filter((name) => planted.includes(name)),
      planted.sort(byAge),
    );
    const kept = after.filter((name) => !planted.includes(name));
    assert.equal(kept.length, 2);
    assert.equal(kept[0], real.at(-1), 'the newest real archive before stays');
    const drill = cli(['check', '--offsite', '--identity', keyFile, '--project', drillProject]);
    assert.equal(drill.status, 1, drill.stderr);
    assert.match(
      drill.stdout,
      new RegExp(
        `^Neuestes Archiv in Ordnung: ${kept[1].replace(/\./g, '\\.')} in offsite:[^\\n]+\\n` +
          `Älteres Archiv in Ordnung: ${kept[0].replace(/\./g, '\\.')}, [^\\n]+\\n$`,
      ),
    );
    assert.equal(
      drill.stderr,
      'Unbekannt in offsite:portfolio-backups, nicht von dieser Website (nie gezählt, nie ' +
        `gelöscht): ${planted.join(', ')}; wer schreibt dort? Eigene Archive übernimmt ` +
        'make backup-adopt, fremde löschen (docs/backup.md).\n',
    );
    for (const name of planted) rmSync(path.join(folder, name));
  });

  it('fails the drill when the remote lost its index, naming that and a stranger beside the archives', () => {
    const folder = path.join(remoteDir, 'portfolio-backups');
    const index = readFileSync(path.join(folder, INDEX));
    rmSync(path.join(folder, INDEX));
    // Two strangers: the drill reads one archive besides the newest, so one is never opened.
    const strangers = [1, 2].map((n) => `portfolio-backup-2020-01-0${n}T000000Z.tar.gz.age`);
    for (const name of strangers) writeFileSync(path.join(folder, name), 'fake!');
    // The Pi's drill (make backup-check): its project knows the index it wrote.
    const drill = cli(['check', '--offsite', '--identity', keyFile, ...storeArgs]);
    assert.equal(drill.status, 1, drill.stdout);
    // Without the index every archive must prove itself: the one opened is refused, and the
    // missing index and both strangers are named.
    assert.match(
      drill.stderr,
      new RegExp(
        '^Archiv abgelehnt: portfolio-backup-2020-01-0[12]T000000Z.tar.gz.age in ' +
          'offsite:portfolio-backups: das Archiv ist beschädigt ' +
          `[^\\n]* Kein gültiges ${INDEX} in offsite:portfolio-backups: make backup legt es neu ` +
          'ab\\. Unbekannt in offsite:portfolio-backups, nicht von dieser Website \\(nie gezählt, ' +
          `nie gelöscht\\): ${strangers.join(', ')}; [^\\n]+\\n$`,
      ),
    );
    for (const name of strangers) rmSync(path.join(folder, name));
    writeFileSync(path.join(folder, INDEX), index);
  });

  it('deletes no real archive here or off-site when the index is lost beside seven junk names', () => {
    const folder = path.join(remoteDir, 'portfolio-backups');
    const here = ours(backups);
    const there = remote();
    for (const where of [backups, folder]) rmSync(path.join(where, INDEX));
    // What a failed "new Pi" attempt could leave in both places.
    const junk = [1, 2, 3, 4, 5, 6, 7].map(
      (n) => `portfolio-backup-2099-01-0${n}T000000Z.tar.gz.age`,
    );
    for (const where of [backups, folder])
      for (const name of junk) writeFileSync(path.join(where, name), 'fake!');
    const run = cli(['create', '--offsite', ...storeArgs], { BACKUP_KEEP: '1' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(
      run.stdout,
      /^Kein gültiges portfolio-backup-index\.json in \S+: nur das neue Archiv zählt/m,
    );
    for (const name of [...here, ...junk]) assert.ok(ours(backups).includes(name), `here: ${name}`);
    for (const name of [...there, ...junk]) assert.ok(remote().includes(name), `off-site: ${name}`);
    for (const where of [backups, folder]) for (const name of junk) rmSync(path.join(where, name));
    // The owner's own archives back in the index, proved with the key file.
    const adopted = cli(['adopt', '--identity', keyFile, ...storeArgs]);
    assert.equal(adopted.status, 0, adopted.stderr);
    assert.equal(adopted.stdout, `Übernommen (${INDEX} in ${backups}): ${here.join(', ')}\n`);
  });

  it(
    'fetches no copy for the drill into a folder too small for it, and says so in one line',
    { skip: process.getuid?.() === 0 ? false : 'needs root for a private mount namespace' },
    () => {
      const small = path.join(work, 'small');
      mkdirSync(small);
      // A newest archive larger than the folder the drill fetches it into.
      const noise = path.join(project, 'documents', 'private', 'scan.pdf');
      writeFileSync(noise, randomBytes(200_000));
      const made = cli(['create', '--offsite', ...storeArgs]);
      assert.equal(made.status, 0, made.stderr);
      rmSync(noise);
      // A 64 KiB tmpfs for this drill alone, as its TMPDIR.
      const script = 'mount -t tmpfs -o size=64k tmpfs "$1" && shift && exec "$@"';
      const tool = [process.execPath, '--import', 'tsx', backupCli];
      const drill = ['check', '--offsite', '--identity', keyFile, '--project', drillProject];
      const run = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', small, ...tool, ...drill], {
        // tsx's own cache would otherwise fill the small TMPDIR first.
        env: { ...env, TMPDIR: small, TSX_DISABLE_CACHE: '1' },
        encoding: 'utf8',
      });
      assert.equal(run.status, 1, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(
          `^Prüfung gescheitert: ${remote().at(-1)?.replace(/\./g, '\\.')} braucht \\d+ Bytes, in ` +
            '\\S+small/portfolio-backup-check-\\w+ sind nur \\d+ frei: TMPDIR auf einen grösseren ' +
            'Ordner legen\\.\\n$',
        ),
      );
      assert.deepEqual(readdirSync(small), []);
    },
  );

  it('gives rclone none of the site’s secrets', () => {
    // An rclone on PATH that writes down its environment, then runs the real one.
    const bin = path.join(work, 'bin');
    const seen = path.join(work, 'rclone-env.txt');
    const real = spawnSync('sh', ['-c', 'command -v rclone'], { encoding: 'utf8' }).stdout.trim();
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'rclone'), `#!/bin/sh\nenv >> "${seen}"\nexec ${real} "$@"\n`, {
      mode: 0o755,
    });
    const run = cli(['create', '--offsite', ...storeArgs], {
      PATH: `${bin}:${process.env.PATH ?? ''}`,
      JWT_SECRET: 'geheim-geheim-geheim-geheim-geheim-4711',
    });
    assert.equal(run.status, 0, run.stderr);
    const recorded = readFileSync(seen, 'utf8');
    assert.match(recorded, /^RCLONE_CONFIG=/m);
    for (const secret of [
      'JWT_SECRET',
      'BACKUP_SIGNING_KEY',
      'BACKUP_AGE_RECIPIENTS',
      'ACCESS_DIR',
    ])
      assert.doesNotMatch(recorded, new RegExp(`^${secret}=`, 'm'), secret);
    rmSync(bin, { recursive: true });
    rmSync(seen);
  });

  it(
    'copies to SFTP with rclone.conf read-only, as the off-site container has it, and rclone saves what it learns in a copy',
    { skip: process.getuid?.() === 0 ? false : 'needs root for a private mount namespace' },
    async () => {
      const keys = path.join(work, 'sftp-keys');
      const served = path.join(work, 'sftp-data');
      const settings = path.join(work, 'sftp-settings');
      for (const folder of [keys, served, settings]) mkdirSync(folder);
      const sftp = await serveSftp(served, keys);
      try {
        const config = path.join(settings, 'rclone.conf');
        writeFileSync(config, sftp.remote);
        const made = cli(['create', ...storeArgs]);
        assert.equal(made.status, 0, made.stderr);
        // The settings folder bound read-only onto itself, for this run alone.
        const script =
          'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"';
        const tool = [process.execPath, '--import', 'tsx', backupCli];
        const log = path.join(work, 'rclone-sftp.log');
        const offsiteRun = ['offsite', '--project', offsiteProject];
        const run = spawnSync(
          'unshare',
          ['-m', 'sh', '-c', script, 'sh', settings, ...tool, ...offsiteRun],
          {
            env: {
              ...env,
              BACKUP_REMOTE: 'sftp:portfolio-sftp',
              BACKUP_RCLONE_CONFIG: config,
              BACKUP_KEEP: '100',
              RCLONE_LOG_FILE: log,
              RCLONE_VERBOSE: '2',
            },
            encoding: 'utf8',
          },
        );
        assert.equal(run.status, 0, run.stdout + run.stderr);
        assert.match(
          run.stdout,
          /^Ausser Haus: \S+\.tar\.gz\.age nach sftp:portfolio-sftp kopiert und geprüft/m,
        );
        assert.deepEqual(ours(path.join(served, 'portfolio-sftp')), [ours(backups).at(-1)]);
        // rclone learnt the server's hash commands and kept them, in a copy now gone.
        const logged = readFileSync(log, 'utf8');
        assert.match(logged, /Saving config "\w+_command"/);
        assert.doesNotMatch(logged, /Failed to save config/);
        assert.equal(readFileSync(config, 'utf8'), sftp.remote);
        assert.deepEqual(
          readdirSync(work).filter((name) => name.startsWith('portfolio-rclone-')),
          [],
        );
      } finally {
        await stop(sftp.server);
      }
    },
  );

  it('backs up CV.pdf beside cv.pdf and brings both back', () => {
    const documents = path.join(project, 'documents', 'private');
    writeFileSync(path.join(documents, 'CV.pdf'), 'Lebenslauf gross');
    writeFileSync(path.join(documents, 'cv.pdf'), 'Lebenslauf klein');
    const run = cli(['create', '--offsite', ...storeArgs]);
    assert.equal(run.status, 0, run.stderr);
    rmSync(documents, { recursive: true });
    const newest = path.join(backups, ours(backups).at(-1) ?? '');
    const restored = cli(['restore', newest, '--identity', keyFile, ...storeArgs]);
    assert.equal(restored.status, 0, restored.stderr);
    assert.equal(readFileSync(path.join(documents, 'CV.pdf'), 'utf8'), 'Lebenslauf gross');
    assert.equal(readFileSync(path.join(documents, 'cv.pdf'), 'utf8'), 'Lebenslauf klein');
  });

  it('holds the lock in the kernel through a stopped restore, and every store ends whole', async () => {
    // Large enough that the restore is caught in the middle of its transaction.
    const large = path.join(project, 'documents', 'private', 'gross.pdf');
    writeFileSync(large, randomBytes(24 << 20));
    const made = cli(['create', ...storeArgs]);
    assert.equal(made.status, 0, made.stderr);
    const archive = path.join(backups, ours(backups).at(-1) ?? '');
    const accesses = path.join(stores.access, 'accesses.json');
    const archived = readFileSync(accesses, 'utf8');
    writeFileSync(accesses, '[]');
    const background = (args: string[]) =>
      spawn(process.execPath, ['--import', 'tsx', backupCli, ...args], { env, stdio: 'pipe' });
    const restore = background(['restore', archive, '--identity', keyFile, ...storeArgs]);
    const restored = exitOf(restore);
    await until(
      () => existsSync(path.join(project, '.portfolio-backup.journals')),
      'the restore under way',
      60_000,
    );
    restore.kill('SIGSTOP');
    const impatient = cli(['create', '--wait', '1', ...storeArgs]);
    assert.equal(impatient.status, 1);
    assert.match(
      impatient.stderr,
      /^Gerade läuft „restore“ \(seit \S+, Prozess \d+ auf \S+\): nach 1 s Warten abgebrochen, nichts verändert; später noch einmal\.\n$/,
    );
    // Nothing queued while the restore may be replacing the outbox: the next backup mails it.
    assert.equal(impatient.stdout, '');
    const backup = background(['create', ...storeArgs]);
    const backedUp = exitOf(backup);
    // The kernel holds the lock for the stopped restore (a flock on the lock file's inode),
    // so no timer, of the tool's or of a lock file's, could hand it to the waiting backup.
    const lockFile = path.join(project, '.portfolio-backup.flock');
    const { ino } = statSync(lockFile);
    assert.match(readFileSync('/proc/locks', 'utf8'), new RegExp(`^\\d+: FLOCK .*:${ino} `, 'm'));
    // The backup waits on it: it holds the lock file open (the stores it then archives show
    // that it ran after the restore).
    const opened = (fd: string) => {
      try {
        return readlinkSync(`/proc/${backup.pid}/fd/${fd}`);
      } catch {
        return undefined; // closed meanwhile
      }
    };
    const holdsLockFile = () =>
      readdirSync(`/proc/${backup.pid}/fd`).some((fd) => opened(fd) === lockFile);
    await until(holdsLockFile, 'the backup waiting on the lock');
    assert.equal(backup.exitCode, null, 'the backup waits');
    restore.kill('SIGCONT');
    const [restoreEnd, backupEnd] = await Promise.all([restored, backedUp]);
    assert.equal(restoreEnd.status, 0, restoreEnd.stderr);
    assert.match(restoreEnd.stdout, /^Wiederhergestellt aus /m);
    assert.equal(backupEnd.status, 0, backupEnd.stderr);
    assert.match(backupEnd.stdout, /^Mail an MAIL_TO in der Warteschlange /m);
    assert.equal(readFileSync(accesses, 'utf8'), archived);
    assert.equal(readdirSync(project).includes('.portfolio-backup.journals'), false);
    // The backup that waited holds the restored stores.
    const newest = path.join(backups, ours(backups).at(-1) ?? '');
    const verified = cli(['verify', newest, '--identity', keyFile]);
    assert.equal(verified.status, 0, verified.stderr);
    rmSync(large);
  });
});

/** A child's end: its code and what it wrote. */
function exitOf(child: ChildProcess): Promise<Run> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}
