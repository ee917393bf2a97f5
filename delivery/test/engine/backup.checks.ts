// `make backup`, `make backup-check` and `make restore` on the engine, as an
// owner who loses the Pi and every disk in the house uses them: every store
// filled (access links with their log and a company's own PDF, a mail in
// Mailpit, a message waiting in the outbox for a stopped Mailpit), a key from `make backup-key`, and a
// WebDAV remote (rclone's own server, in a container on the project's
// network) as the off-site copy. A backup taken while visitors keep loading
// `/` goes there encrypted and verified; the weekly drill passes, and finds
// a damaged copy; a backup waits while another command holds the tool's lock;
// a remote that is down fails the backup with one line and keeps the
// archive; an archive someone else put on the remote, encrypted to the
// site's public key, is named by the drill, never counted or deleted, and
// refused by restore.
// The owner's documents lie outside the project (DOCUMENTS_DIR), as the
// guide offers. Then the Pi is gone (every volume, every local archive and
// that folder): the site comes back from the remote's copy and the key alone.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  appendFileSync,
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { byAge } from '../helpers/archive-names';
import { scratchDir } from '../helpers/scratch';
import type { EngineSession } from './engine-session';
import { pinnedImages } from './stand-ins';
import { run, runAsync } from './command-run';
import { dockerCli } from './docker-engine';
import { backupCli, runTool } from '../helpers/owner-tools';
import { companyPdf, letterOnHost, printedCode } from './company-pdf';
import { until } from '../helpers/until';

/**
 * A shell command that prints an outbox message wherever it is: each delivery attempt (Mailpit
 * is down) moves it from queue/ to sending/ and back, and at every moment it is in one of them.
 */
function readOutbox(queuedPath: string): string {
  const sending = queuedPath.replace('/queue/', '/sending/');
  return `for try in 1 2 3 4 5; do cat ${queuedPath} 2>/dev/null && exit; cat ${sending} 2>/dev/null && exit; sleep 0.2; done; exit 1`;
}

interface Stores {
  accessList: string;
  accessLog: string;
  mailIds: string[];
}

async function stores(session: EngineSession): Promise<Stores> {
  return {
    accessList: session.make('access-list'),
    accessLog: session.make('access-log', { JSON: '1' }),
    mailIds: (await session.mailpitMessages()).map((message) => message.ID).sort(),
  };
}

/** A folder's files (names below it) and their bytes, as text for a comparison. */
const filesIn = (folder: string) =>
  (readdirSync(folder, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .map((file) => `${path.relative(folder, file)} ${readFileSync(file).toString('base64')}`);

/** Loads `/` until `done` resolves; returns every status that was not 200. */
async function visitorsDuring(session: EngineSession, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => (finished = true));
  const failures: number[] = [];
  let visits = 0;
  while (!finished) {
    const status = await session.get('/').then(
      (response) => response.status,
      () => 0,
    );
    visits += 1;
    if (status !== 200) failures.push(status);
  }
  console.log(`engine: ${visits} visits to / during make backup`);
  return failures;
}

/** Whether a process not in `except` has the file `file` describes open (any container's too). */
function openedBy(file: { dev: number; ino: number }, except: Set<number | undefined>): boolean {
  const processes = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  return processes.some((pid) => {
    if (except.has(Number(pid))) return false;
    const fds = (() => {
      try {
        return readdirSync(`/proc/${pid}/fd`);
      } catch {
        return []; // ended meanwhile
      }
    })();
    return fds.some((fd) => {
      try {
        const open = statSync(`/proc/${pid}/fd/${fd}`);
        return open.ino === file.ino && open.dev === file.dev;
      } catch {
        return false; // closed meanwhile, or not a file
      }
    });
  });
}

/** The encrypted archives in `folder`, oldest first: by the time in the name, then …Z-2 after …Z. */
const encrypted = (folder: string) =>
  readdirSync(folder)
    .filter((name) => /^portfolio-backup-.*\.tar\.gz\.age$/.test(name))
    .sort(byAge);

/**
 * The off-site remote: `rclone serve webdav` of a folder here, in a
 * container on the project's network under the name the rclone config
 * names. Labelled as the project's, so that a run cut short leaves nothing
 * the next one would not remove.
 */
class WebdavRemote {
  readonly folder: string;
  private readonly name: string;

  constructor(
    private readonly session: EngineSession,
    scratch: string,
  ) {
    this.folder = path.join(scratch, 'remote');
    mkdirSync(this.folder);
    this.name = `${session.project.name}-remote`;
    const image = pinnedImages().find((tag) => tag.startsWith('rclone/rclone:')) as string;
    session.project.docker([
      ...['run', '--detach', '--name', this.name, '--network', `${session.project.name}_default`],
      ...['--network-alias', 'offsite-remote', '--volume', `${this.folder}:/data`],
      ...['--label', `com.docker.compose.project=${session.project.name}`],
      // No directory cache: the test changes the served files behind the server's back.
      ...[image, 'serve', 'webdav', '/data', '--addr', ':8080', '--dir-cache-time', '0s'],
    ]);
  }

  /** The copies in the remote's folder (rclone keeps BACKUP_REMOTE's path below it). */
  get copies(): string {
    return path.join(this.folder, 'portfolio');
  }

  stop = () => this.session.project.docker(['stop', '--time', '1', this.name]);
  start = () => this.session.project.docker(['start', this.name]);
  /** Gone, if it is still there. */
  remove = () => run(dockerCli, ['rm', '--force', this.name], { env: this.session.engine.env });
}

function ageOpens(identity: string, file: string): string[] {
  const opened = spawnSync('sh', ['-c', 'age -d -i "$1" "$2" | tar -tzf -', 'sh', identity, file], {
    encoding: 'utf8',
  });
  assert.equal(opened.status, 0, opened.stderr);
  return opened.stdout.split('\n').filter(Boolean);
}

export function backupChecks(current: () => EngineSession) {
  describe('encrypted backups off-site, the drill, and a restore after the Pi is gone', () => {
    let session: EngineSession;
    let backupDir: string;
    let before1: Stores;
    let identity: string;
    /** The owner's documents, outside the project. */
    let documents: string;
    let remote: WebdavRemote;
    let copy: string;
    /** An archive the site did not make, encrypted to its public key. */
    let strangers: string;
    const waiting = 'Wartet in der Sicherung.';
    const letter = letterOnHost('Motivationsschreiben für die Gesichert AG');
    let code: string;

    before(async () => {
      session = current();
      backupDir = path.join(session.project.dir, 'backups');
      await session.waitForSite();
      const scratch = scratchDir('portfolio-engine-offsite-');
      // The API's user reaches the documents through it, without listing it.
      chmodSync(scratch, 0o711);
      documents = path.join(scratch, 'bewerbung');
      cpSync(path.join(session.project.dir, 'documents', 'samples'), documents, {
        recursive: true,
      });
      appendFileSync(path.join(session.project.dir, '.env'), `DOCUMENTS_DIR=${documents}\n`);
      session.make('up');
      await session.waitForSite();
      identity = path.join(scratch, 'backup-key.txt');
      const keyOutput = session.make('backup-key', { KEY_FILE: identity });
      assert.doesNotMatch(keyOutput, /AGE-SECRET-KEY/);
      const rcloneConfig = path.join(scratch, 'rclone.conf');
      writeFileSync(
        rcloneConfig,
        '[offsite]\ntype = webdav\nurl = http://offsite-remote:8080\nvendor = other\n',
      );
      appendFileSync(
        path.join(session.project.dir, '.env'),
        `BACKUP_REMOTE=offsite:portfolio\nBACKUP_RCLONE_CONFIG=${rcloneConfig}\n`,
      );
      session.project.retranslate();
      remote = new WebdavRemote(session, scratch);
      const added = session.make('access-add', { NAME: 'Gesichert AG', FILE: letter.file });
      code = printedCode(added);
      // Opened once, its list and its own PDF seen: the log has them.
      assert.deepEqual((await companyPdf(session, code)).bytes, letter.bytes);
      before1 = await stores(session);
      // Mailpit stopped: the message waits in the outbox when the backup is taken.
      await session.queueWhileMailpitStopped(waiting);
    });

    after(() => remote?.remove());

    it('make backup-key puts the public key and the signing key into .env and the secret one, owner-only, into its file', () => {
      const env = readFileSync(path.join(session.project.dir, '.env'), 'utf8');
      assert.match(env, /^BACKUP_AGE_RECIPIENTS=age1[0-9a-z]+$/m);
      assert.match(env, /^BACKUP_SIGNING_KEY=\S+$/m);
      assert.match(readFileSync(identity, 'utf8'), /^AGE-SECRET-KEY-1[0-9A-Z]+$/m);
      assert.match(readFileSync(identity, 'utf8'), /^# portfolio-backup-signing-key: \S+$/m);
      assert.equal(statSync(identity).mode & 0o777, 0o600);
      assert.doesNotMatch(env, /AGE-SECRET-KEY/);
    });

    it('writes one encrypted archive while visitors load /, and copies it off-site, verified', async () => {
      const backup = session.project.makeAsync('backup');
      const failures = await visitorsDuring(session, backup);
      const { status, stdout, stderr } = await backup;
      assert.equal(status, 0, stdout + stderr);
      assert.deepEqual(failures, []);
      const [archive, ...others] = encrypted(backupDir);
      assert.deepEqual(others, []);
      assert.equal(statSync(path.join(backupDir, archive)).mode & 0o777, 0o600);
      assert.match(
        stdout + stderr,
        /Ausser Haus: .*\.tar\.gz\.age nach offsite:portfolio kopiert und geprüft/,
      );
      assert.deepEqual(encrypted(remote.copies), [archive]);
      copy = path.join(remote.copies, archive);
      assert.deepEqual(readFileSync(copy), readFileSync(path.join(backupDir, archive)));
    });

    it('leaves a copy that only the key opens, and that shows nothing of what it holds', () => {
      const entries = ageOpens(identity, copy);
      assert.ok(entries.includes('manifest.json'), entries.join(' '));
      const bytes = readFileSync(copy);
      assert.match(bytes.subarray(0, 40).toString(), /^age-encryption\.org\/v1\n/);
      assert.ok(
        entries.some((entry) => /^stores\/letters\/[\w-]{12}\/[\w-]{12}\.pdf$/.test(entry)),
        'the own PDF is in the archive',
      );
      assert.ok(entries.includes('stores/documents/manifest.json'), 'the documents are in it');
      for (const secret of [
        'manifest.json',
        'Gesichert AG',
        'BACKUP_AGE_RECIPIENTS',
        waiting,
        'Motivationsschreiben',
      ])
        assert.equal(bytes.includes(secret), false, `the copy shows "${secret}"`);
    });

    it('make backup-check finds the newest copy whole and recent, in one line', () => {
      // Compose's own progress lines go to stderr; the drill's verdict is its one line on stdout.
      const run = session.project.make('backup-check', { AGE_IDENTITY: identity });
      assert.equal(run.status, 0, run.stdout + run.stderr);
      const checked = run.stdout.trim().split('\n');
      assert.equal(checked.length, 1, checked.join('\n'));
      assert.match(
        checked[0],
        /^Neuestes Archiv in Ordnung: .*\.age in offsite:portfolio, .* alt: access \d+/,
      );
    });

    it('fails the drill naming an archive that someone else put on the remote, and neither counts nor deletes it', () => {
      // A stranger's archive, encrypted to the site's public key, newer than any.
      const stranger = scratchDir('portfolio-engine-stranger-');
      writeFileSync(path.join(stranger, 'stranger.env'), 'JWT_SECRET=fremd\n');
      const recipient = /^BACKUP_AGE_RECIPIENTS=(\S+)$/m.exec(
        readFileSync(path.join(session.project.dir, '.env'), 'utf8'),
      )?.[1];
      const made = runTool(backupCli, ['create', '--file', `env=${stranger}/stranger.env`], {
        PATH: process.env.PATH ?? '',
        BACKUP_DIR: stranger,
        BACKUP_AGE_RECIPIENTS: recipient,
      });
      assert.equal(made.status, 0, made.stderr);
      strangers = path.join(stranger, encrypted(stranger)[0]);
      const planted = 'portfolio-backup-2099-01-01T000000Z.tar.gz.age';
      const onRemote = path.join(remote.copies, planted);
      copyFileSync(strangers, onRemote);
      try {
        const checked = session.project.make('backup-check', { AGE_IDENTITY: identity });
        assert.notEqual(checked.status, 0, checked.stdout + checked.stderr);
        assert.match(checked.stdout, /^Neuestes Archiv in Ordnung: portfolio-backup-20\d\d-/m);
        assert.match(
          checked.stderr,
          new RegExp(
            `^Unbekannt in offsite:portfolio, nicht von dieser Website .*: ${planted}; `,
            'm',
          ),
        );
        const real = encrypted(remote.copies).length - 1;
        const again = session.project.make('backup');
        assert.equal(again.status, 0, again.stdout + again.stderr);
        assert.ok(encrypted(remote.copies).includes(planted), 'never deleted');
        assert.equal(encrypted(remote.copies).length, real + 2, 'the new archive beside them');
      } finally {
        rmSync(onRemote);
      }
    });

    it('make backup waits while another command holds the lock, then runs', async () => {
      // A holder of the tool's lock in the project folder, as make restore-local would be;
      // --close: only flock itself keeps the file open.
      const holder = spawn(
        'flock',
        ['--close', '.portfolio-backup.flock', 'sh', '-c', 'echo held; read line'],
        { cwd: session.project.dir, stdio: ['pipe', 'pipe', 'ignore'] },
      );
      await once(holder.stdout!, 'data');
      const lock = statSync(path.join(session.project.dir, '.portfolio-backup.flock'));
      const before = encrypted(backupDir);
      const backup = session.project.makeAsync('backup');
      // The tool in its container opens the lock file, then tries it until it is free.
      await until(
        () => openedBy(lock, new Set([holder.pid])),
        'make backup waiting on the lock',
        300_000,
      );
      assert.deepEqual(encrypted(backupDir), before, 'no archive while the lock is held');
      holder.stdin?.end();
      const { status, stdout, stderr } = await backup;
      assert.equal(status, 0, stdout + stderr);
      assert.equal(encrypted(backupDir).length, before.length + 1);
    });

    it('make backup-check fails on a copy damaged at the remote', () => {
      const newest = path.join(remote.copies, encrypted(remote.copies).at(-1) ?? '');
      const bytes = readFileSync(newest);
      writeFileSync(newest, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
      try {
        const checked = session.project.make('backup-check', { AGE_IDENTITY: identity });
        assert.notEqual(checked.status, 0);
        assert.match(checked.stderr, /^(Prüfung gescheitert|Archiv abgelehnt): .*\.tar\.gz\.age/m);
      } finally {
        writeFileSync(newest, bytes);
      }
    });

    it('takes make backup and make backup-check to an SFTP remote with key_file and known_hosts_file, Docker alone', async () => {
      const sftp = scratchDir('portfolio-engine-sftp-');
      const keygen = (name: string) =>
        assert.equal(
          spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(sftp, name)])
            .status,
          0,
        );
      keygen('client');
      keygen('host');
      copyFileSync(path.join(sftp, 'client.pub'), path.join(sftp, 'authorized_keys'));
      mkdirSync(path.join(sftp, 'data'));
      const hostKey = readFileSync(path.join(sftp, 'host.pub'), 'utf8')
        .split(' ')
        .slice(0, 2)
        .join(' ');
      writeFileSync(path.join(sftp, 'known_hosts'), `[sftp-remote]:2022 ${hostKey}\n`);
      const rcloneConfig = path.join(sftp, 'rclone.conf');
      writeFileSync(
        rcloneConfig,
        '[sftp]\ntype = sftp\nhost = sftp-remote\nport = 2022\nuser = pi\n' +
          `key_file = ${path.join(sftp, 'client')}\nknown_hosts_file = ${path.join(sftp, 'known_hosts')}\n`,
      );
      const name = `${session.project.name}-sftp`;
      const image = pinnedImages().find((tag) => tag.startsWith('rclone/rclone:')) as string;
      session.project.docker([
        ...['run', '--detach', '--name', name, '--network', `${session.project.name}_default`],
        ...['--network-alias', 'sftp-remote', '--volume', `${sftp}:/sftp`],
        ...['--label', `com.docker.compose.project=${session.project.name}`],
        ...[image, 'serve', 'sftp', '/sftp/data', '--addr', ':2022', '--key', '/sftp/host'],
        ...['--authorized-keys', '/sftp/authorized_keys'],
      ]);
      const envFile = path.join(session.project.dir, '.env');
      const settings = readFileSync(envFile, 'utf8');
      writeFileSync(
        envFile,
        settings
          .replace(/^BACKUP_REMOTE=.*$/m, 'BACKUP_REMOTE=sftp:portfolio')
          .replace(/^BACKUP_RCLONE_CONFIG=.*$/m, `BACKUP_RCLONE_CONFIG=${rcloneConfig}`),
      );
      session.project.retranslate();
      try {
        const backup = session.project.make('backup');
        assert.equal(backup.status, 0, backup.stdout + backup.stderr);
        assert.match(
          backup.stdout,
          /^Ausser Haus: \S+\.tar\.gz\.age nach sftp:portfolio kopiert und geprüft/m,
        );
        assert.equal(encrypted(path.join(sftp, 'data', 'portfolio')).length, 1);
        const checked = session.project.make('backup-check', { AGE_IDENTITY: identity });
        assert.equal(checked.status, 0, checked.stdout + checked.stderr);
        assert.match(checked.stdout, /^Neuestes Archiv in Ordnung: \S+ in sftp:portfolio, /m);
      } finally {
        writeFileSync(envFile, settings);
        session.project.retranslate();
        run(dockerCli, ['rm', '--force', name], { env: session.engine.env });
      }
    });

    it('with the remote down, make backup keeps the new archive, prunes nothing, fails with one line and mails it', () => {
      const here = encrypted(backupDir).length;
      const there = encrypted(remote.copies);
      remote.stop();
      try {
        const failed = session.project.make('backup');
        assert.notEqual(failed.status, 0);
        assert.match(
          failed.stderr,
          /^Kopie ausser Haus gescheitert: .*das Archiv bleibt hier, nichts gelöscht\.$/m,
        );
        // The owner hears of it: a mail waits in the site's outbox (Mailpit is stopped here).
        const queued =
          /^Mail an MAIL_TO in der Warteschlange \((\/app\/mail-outbox\/queue\/\S+\.json)\)\.$/m.exec(
            failed.stdout,
          )?.[1];
        assert.ok(queued, failed.stdout);
        const mail = session.project.mustCompose([
          'exec',
          '-T',
          'api',
          'sh',
          '-c',
          readOutbox(queued),
        ]);
        assert.match(mail, /"subject":"Sicherung gescheitert: Kopie ausser Haus gescheitert/);
        assert.equal(encrypted(backupDir).length, here + 1);
        assert.deepEqual(encrypted(remote.copies), there);
      } finally {
        remote.start();
      }
    });

    it("refuses a wrong key, a damaged and a stranger's archive with one line each, before anything is touched", () => {
      session.make('down');
      // Another age key beside the site's own signing key: age itself refuses it.
      const other = path.join(path.dirname(identity), 'other-key.txt');
      const generated = spawnSync('age-keygen', { encoding: 'utf8' }).stdout;
      const signingLine = /^# portfolio-backup-signing-key: .*$/m.exec(
        readFileSync(identity, 'utf8'),
      );
      writeFileSync(other, `${signingLine?.[0]}\n${generated}`);
      const wrong = session.project.make('restore', { FILE: copy, AGE_IDENTITY: other });
      assert.notEqual(wrong.status, 0);
      assert.match(wrong.stderr, /Falscher Schlüssel: .* nichts verändert\./);
      const damaged = path.join(backupDir, 'damaged.tar.gz.age');
      const bytes = readFileSync(copy);
      writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
      // A relative FILE with CDPATH exported: cd prints nothing into the mount.
      const refused = session.project.make('restore', {
        FILE: 'backups/damaged.tar.gz.age',
        AGE_IDENTITY: identity,
        CDPATH: '.',
      });
      assert.notEqual(refused.status, 0);
      assert.match(refused.stderr, /Archiv abgelehnt: /);
      const foreign = session.project.make('restore', { FILE: strangers, AGE_IDENTITY: identity });
      assert.notEqual(foreign.status, 0);
      assert.match(foreign.stderr, /^Archiv abgelehnt: nicht signiert/m);
      assert.equal(session.project.containerId('api'), undefined, 'the site was not started');
    });

    it('a make restore whose shell is killed holds the lock in its container: a make backup waits until it has ended', async () => {
      // The site is down (above). The key file is a FIFO: the restore container
      // takes the lock, then waits for its key until the test writes it, so it
      // holds the lock exactly as long as the test needs, whatever the speed.
      const journals = path.join(session.project.dir, '.portfolio-backup.journals');
      const lockFile = path.join(session.project.dir, '.portfolio-backup.flock');
      const fifo = path.join(scratchDir('portfolio-engine-fifo-'), 'backup-key.txt');
      assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
      const giveKey = () => runAsync('sh', ['-c', 'cat "$1" > "$2"', 'sh', identity, fifo], {});
      // The holder's line of an earlier command must not pass for the restore's.
      writeFileSync(lockFile, '');
      const shell = session.project.makeDetached('restore', { FILE: copy, AGE_IDENTITY: fifo });
      await giveKey(); // to the check of the archive before the restore
      await until(
        () => readFileSync(lockFile, 'utf8').startsWith('„restore“'),
        'the restore holding the lock',
        300_000,
      );
      // The -tls service when the HTTPS volumes exist (the Makefile picks it).
      const runningOf = (service: string) =>
        ['', '-tls'].flatMap((tls) => session.project.running(`${service}${tls}`));
      const [restoring] = runningOf('restore');
      assert.ok(restoring, 'the restore container runs on without its shell');
      // A dropped ssh session: make, its shell and the Compose client die at once.
      process.kill(-(shell.pid as number), 'SIGKILL');
      const archives = encrypted(backupDir);
      const backup = session.project.makeAsync('backup');
      await until(() => runningOf('backup').length > 0, 'the backup started', 120_000);
      assert.deepEqual(
        encrypted(backupDir),
        archives,
        'no archive while the restore holds the lock',
      );
      await giveKey();
      const { status, stdout, stderr } = await backup;
      assert.equal(status, 0, stdout + stderr);
      assert.doesNotMatch(stdout + stderr, /Unterbrochene Wiederherstellung/);
      const ended = Date.parse(
        session.project.docker(['inspect', '--format', '{{.State.FinishedAt}}', restoring]).trim(),
      );
      assert.equal(
        session.project.docker(['inspect', '--format', '{{.State.ExitCode}}', restoring]).trim(),
        '0',
      );
      const archive = encrypted(backupDir).at(-1) ?? '';
      assert.ok(
        statSync(path.join(backupDir, archive)).mtimeMs >= ended,
        'archived after the restore',
      );
      assert.equal(existsSync(journals), false, 'the restore finished');
      session.project.docker(['rm', '--force', restoring]);
      session.make('up');
      await session.waitForSite();
      const restored = await stores(session);
      assert.equal(restored.accessList, before1.accessList);
      session.make('down');
    });

    it('brings the whole site back from the remote copy and the key alone, and delivers the waiting message', async () => {
      // The Pi and its disks are gone: containers, volumes and every local archive.
      remote.remove();
      session.project.mustCompose(['down', '--volumes']);
      rmSync(backupDir, { recursive: true, force: true });
      const documentsBefore = filesIn(documents);
      rmSync(documents, { recursive: true });
      const fetched = path.join(path.dirname(identity), 'fetched');
      mkdirSync(fetched);
      copyFileSync(copy, path.join(fetched, path.basename(copy)));
      const restored = session.make('restore', {
        FILE: path.join(fetched, path.basename(copy)),
        AGE_IDENTITY: identity,
      });
      assert.match(restored, /Archiv in Ordnung/);
      await session.waitForSite();
      await session.waitForMessages(waiting, 1, 120_000);
      const after = await stores(session);
      assert.equal(after.accessList, before1.accessList);
      assert.equal(after.accessLog, before1.accessLog);
      for (const id of before1.mailIds)
        assert.ok(after.mailIds.includes(id), `message ${id} restored`);
      // The documents are back where the restored .env names them, and served.
      assert.deepEqual(filesIn(documents), documentsBefore);
      const served = await session.get(
        '/api/download/bewerbungsdossier.pdf',
        await session.login(),
      );
      assert.equal(served.status, 200);
      assert.deepEqual(served.body, readFileSync(path.join(documents, 'bewerbungsdossier.pdf')));
      // The own PDF, restored on a fresh volume with its owner and mode, is read by nginx again.
      assert.deepEqual((await companyPdf(session, code)).bytes, letter.bytes);
    });
  });
}
