// The backup tool as the owner runs it (api/src/backup/backup.cli.ts,
// docs/backup.md): every store filled (a company's own PDF too), an archive
// taken while the access log and usage keep changing, everything deleted,
// restored and compared byte for byte; damaged and foreign archives refused with nothing changed;
// BACKUP_KEEP; the archive's permissions.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { repoRoot } from '@portfolio/stack';
import {
  accessCli,
  backupCli,
  runTool,
  storeArgs as storesOf,
  type Run,
} from './helpers/owner-tools';

const isRoot = process.getuid?.() === 0;
/** What lets root read any file: dropped to make one unreadable. */
const DAC_CAPS = '-dac_override,-dac_read_search';
const hasSqliteBackup = Boolean(
  (process.getBuiltinModule?.('node:sqlite') as { backup?: unknown } | undefined)?.backup,
);

/** Every file, folder and link below a folder: mode and content (or link target). */
function snapshot(root: string): Record<string, string> {
  const result: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      const name = path.relative(root, full);
      const mode = (statSync(full).mode & 0o7777).toString(8);
      if (entry.isDirectory()) {
        result[name] = `dir ${mode}`;
        walk(full);
      } else {
        const sha = createHash('sha256').update(readFileSync(full)).digest('hex');
        result[name] = `file ${mode} ${sha}`;
      }
    }
  };
  walk(root);
  return result;
}

describe('backup-local: create, verify, restore', () => {
  let work: string;
  let project: string;
  let backups: string;
  let stores: Record<string, string>;
  let env: Record<string, string>;
  let storeArgs: string[];

  const cli = (args: string[], extra: Record<string, string> = {}): Run =>
    runTool(backupCli, args, { ...env, ...extra });
  // The site's plain archives before its keys (make backup-key): nothing proves
  // their origin, so the owner says so (backup-offsite.test.ts: with keys).
  const UNPROVEN = '--skip-origin-check';
  const ours = () =>
    readdirSync(backups).filter((name) => /^portfolio-backup-.*\.tar\.gz$/.test(name));
  const everything = () => ({
    access: snapshot(stores.access),
    outbox: snapshot(stores.outbox),
    letters: snapshot(stores.letters),
    documents: snapshot(path.join(project, 'documents', 'private')),
    env: readFileSync(path.join(project, '.env'), 'utf8'),
  });

  before(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'portfolio-backup-'));
    project = path.join(work, 'project');
    backups = path.join(work, 'backups');
    stores = {
      access: path.join(work, 'access'),
      outbox: path.join(work, 'mail-outbox'),
      letters: path.join(work, 'letters'),
    };
    env = {
      PATH: process.env.PATH ?? '',
      HOME: work,
      ACCESS_DIR: stores.access,
      LETTERS_DIR: stores.letters,
      BACKUP_DIR: backups,
      DOCUMENTS_DIR: './documents/private',
    };
    storeArgs = storesOf(project, stores);
    // An access made the owner's way, with a PDF of its own, then used: log lines and a usage file.
    const letter = path.join(work, 'brief.pdf');
    writeFileSync(letter, '%PDF-1.7\n% Motivationsschreiben\n%%EOF\n');
    // The link sees the sample manifest's sections; the project's own documents are the backup's.
    const samples = { ...env, DOCUMENTS_DIR: path.join(repoRoot, 'documents', 'samples') };
    const added = runTool(accessCli, ['add', '--file', letter, '--', 'Muster AG'], samples);
    assert.equal(added.status, 0, added.stderr);
    for (const action of ['link', 'list', 'open'])
      appendFileSync(
        path.join(stores.access, 'access-log.jsonl'),
        `${JSON.stringify({ at: new Date().toISOString(), accessId: 'a1', access: 'Muster AG', action, outcome: 'completed' })}\n`,
      );
    // A contact message waiting for the mail server, one given up.
    for (const folder of ['queue', 'sending', 'failed', 'quarantine', 'tmp'])
      mkdirSync(path.join(stores.outbox, folder), { recursive: true });
    writeFileSync(path.join(stores.outbox, 'queue', '1767225600000-a.json'), '{"id":"waiting"}');
    writeFileSync(path.join(stores.outbox, 'failed', '1767225600000-b.json'), '{"id":"failed"}');
    writeFileSync(path.join(stores.outbox, 'failed', '1767225600000-b.error.txt'), 'refused');
    // A message half-written into tmp/: never read, left out of the archive.
    writeFileSync(path.join(stores.outbox, 'tmp', '1767225600000-c.json.x'), '{"id":');
    // The project: .env with the secrets, the owner's documents in documents/private.
    mkdirSync(path.join(project, 'documents', 'private'), { recursive: true });
    writeFileSync(path.join(project, '.env'), 'JWT_SECRET=geheim-geheim-geheim-geheim-geheim\n');
    chmodSync(path.join(project, '.env'), 0o600);
    writeFileSync(path.join(project, 'documents', 'private', 'manifest.json'), '{"documents":[]}');
    writeFileSync(
      path.join(project, 'documents', 'private', 'zeugnis.pdf'),
      Buffer.alloc(70_000, 7),
    );
  });

  after(() => rmSync(work, { recursive: true, force: true }));

  it('backs up while the access log and usage keep changing, and restores every store byte for byte', async () => {
    const log = path.join(stores.access, 'access-log.jsonl');
    const usage = path.join(stores.access, 'usage.json');
    const before = everything();
    // The API's two ways of writing: lines appended to the log, files replaced by rename.
    let writing = true;
    let writes = 0;
    // Counted only between the backup's start and its end: the writes it had to cope with.
    let backupRunning = false;
    let writesDuringBackup = 0;
    const writer = (async () => {
      while (writing) {
        if (backupRunning) writesDuringBackup += 1;
        appendFileSync(log, `${JSON.stringify({ at: new Date().toISOString(), n: writes })}\n`);
        writeFileSync(
          path.join(stores.access, '.usage.json.tmp'),
          JSON.stringify({ n: writes, pad: 'x'.repeat(5000) }),
        );
        renameSync(path.join(stores.access, '.usage.json.tmp'), usage);
        writes += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const created = await new Promise<Run>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', backupCli, 'create', ...storeArgs],
        {
          env,
        },
      );
      backupRunning = true;
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (status) => {
        backupRunning = false;
        resolve({ status, stdout, stderr });
      });
    });
    writing = false;
    await writer;
    assert.equal(created.status, 0, created.stderr);
    assert.ok(writesDuringBackup > 0, 'the stores changed while the backup ran');
    // One line: where, how large, what.
    assert.match(
      created.stdout,
      /^Sicherung \S+portfolio-backup-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz \(\d+(\.\d)? [kM]?B, geprüft\): access 4, outbox 3, letters 1, env 1, documents 2 Datei\(en\)\nNicht verschlüsselt: [^\n]+\n$/,
    );
    const [archive] = ours();
    assert.equal(statSync(path.join(backups, archive)).mode & 0o777, 0o600);
    const logAtEnd = readFileSync(log, 'utf8');

    for (const folder of [...Object.values(stores), path.join(project, 'documents')])
      rmSync(folder, { recursive: true });
    rmSync(path.join(project, '.env'));
    const restored = cli(['restore', path.join(backups, archive), UNPROVEN, ...storeArgs]);
    assert.equal(restored.status, 0, restored.stderr);
    assert.match(
      restored.stdout,
      /^SKIP_ORIGIN_CHECK: [^\n]+\nArchiv in Ordnung: .*\nWiederhergestellt aus .* access 4, outbox 3, letters 1, env 1, documents 2 Datei\(en\)\n$/,
    );

    const after = everything();
    // All of the outbox but the half-written message in tmp/.
    const { [path.join('tmp', '1767225600000-c.json.x')]: halfWritten, ...outboxKept } =
      before.outbox;
    assert.ok(halfWritten);
    assert.deepEqual(after.outbox, outboxKept);
    assert.deepEqual(after.documents, before.documents);
    assert.deepEqual(after.letters, before.letters);
    assert.equal(after.env, before.env);
    assert.equal(statSync(path.join(project, '.env')).mode & 0o777, 0o600);
    assert.equal(after.access['accesses.json'], before.access['accesses.json']);
    // The log as it was at some moment of the backup: the old lines and whole new ones.
    const restoredLog = readFileSync(log, 'utf8');
    assert.ok(logAtEnd.startsWith(restoredLog), 'the restored log is a prefix of the live one');
    assert.ok(restoredLog.endsWith('\n'));
    for (const line of restoredLog.trim().split('\n')) JSON.parse(line);
    JSON.parse(readFileSync(usage, 'utf8'));
  });

  it('refuses a cut, an altered and a foreign archive with one line, and changes nothing', () => {
    const [archive] = ours();
    const bytes = readFileSync(path.join(backups, archive));
    // One byte of zeugnis.pdf changed inside the tar, gzipped again: a sound
    // gzip, so only the file's SHA-256 in the manifest can tell.
    const tar = gunzipSync(bytes);
    const inPdf = tar.indexOf(Buffer.alloc(1000, 7)) + 500;
    assert.ok(inPdf > 500, 'zeugnis.pdf found in the tar');
    tar[inPdf] ^= 0xff;
    const damaged = {
      cut: bytes.subarray(0, Math.floor(bytes.length * 0.6)),
      altered: gzipSync(tar),
      foreign: spawnSync('tar', ['-czf', '-', '-C', work, 'project']).stdout,
    };
    const state = everything();
    for (const [kind, content] of Object.entries(damaged)) {
      const file = path.join(work, `${kind}.tar.gz`);
      writeFileSync(file, content);
      for (const command of ['verify', 'restore']) {
        const run = cli([command, file, UNPROVEN, ...(command === 'verify' ? [] : storeArgs)]);
        assert.equal(run.status, 1, `${kind} ${command}`);
        assert.equal(run.stdout, '');
        assert.match(run.stderr, /^Archiv abgelehnt: [^\n]+\n$/, `${kind}: ${run.stderr}`);
        if (kind === 'altered') assert.match(run.stderr, /zeugnis\.pdf ist verändert/);
      }
      assert.deepEqual(everything(), state, `${kind}: nothing changed`);
    }
  });

  it('backs up a site never started: no access store yet, and exits 0', () => {
    const fresh = path.join(work, 'never-started');
    mkdirSync(fresh);
    writeFileSync(path.join(fresh, '.env'), 'JWT_SECRET=geheim-geheim-geheim-geheim-geheim\n');
    // As make backup-local names them for a project whose site never ran: none is there yet.
    const access = path.join(fresh, '.local', 'access');
    const absent = { access, letters: path.join(fresh, '.local', 'letters') };
    const run = cli(['create', '--offsite', ...storesOf(fresh, absent)], {
      BACKUP_DIR: path.join(fresh, 'backups'),
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Sicherung \S+\.tar\.gz \(/);
    // The age watch finds the night once the site starts.
    assert.match(readFileSync(path.join(access, 'backup-heartbeat.json'), 'utf8'), /"archive":/);
    assert.equal(statSync(access).mode & 0o777, 0o700);
  });

  it('backs up the rest beside a Latin-1 name and a link to /, names both, and mails them', () => {
    const documents = path.join(project, 'documents', 'private');
    // "Zeugnis-Müller.pdf" unpacked from a Windows ZIP: ü is the single byte 0xfc.
    const latin1 = Buffer.concat([
      Buffer.from(`${documents}/Zeugnis-M`),
      Buffer.from([0xfc, 0x2e]),
    ]);
    writeFileSync(latin1, 'PDF');
    symlinkSync('/', path.join(documents, 'wurzel'));
    const queued = new Set(readdirSync(path.join(stores.outbox, 'queue')));
    try {
      const run = cli(['create', ...storeArgs]);
      assert.equal(run.status, 0, run.stderr);
      const named = `${documents}/Zeugnis-M\\xfc., ${documents}/wurzel`;
      assert.match(run.stdout, /documents 2 Datei\(en\)/);
      assert.ok(
        run.stdout.includes(
          `\nNicht gesichert (Name kein UTF-8, oder ein Link aus seinem Ordner hinaus): ${named}; `,
        ),
        run.stdout,
      );
      const mails = readdirSync(path.join(stores.outbox, 'queue')).filter(
        (name) => !queued.has(name),
      );
      assert.equal(mails.length, 1);
      const { mail } = JSON.parse(
        readFileSync(path.join(stores.outbox, 'queue', mails[0]), 'utf8'),
      );
      assert.equal(mail.subject, 'Sicherung unvollständig: 2 nicht gesichert');
      assert.ok(
        mail.text.includes(`- ${documents}/Zeugnis-M\\xfc.\n- ${documents}/wurzel\n`),
        mail.text,
      );
      for (const name of mails) rmSync(path.join(stores.outbox, 'queue', name));
    } finally {
      rmSync(latin1);
      rmSync(path.join(documents, 'wurzel'));
    }
  });

  it('verifies a sound archive without changing anything', () => {
    const [archive] = ours();
    const run = cli(['verify', path.join(backups, archive), UNPROVEN]);
    assert.equal(run.status, 0, run.stderr);
    // The commit, or "unknown" where the repository has no .git (the `make test` image).
    const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
    const version = commit.status === 0 ? commit.stdout.trim() : 'unknown';
    assert.ok(run.stdout.startsWith('Archiv in Ordnung: '), run.stdout);
    assert.ok(run.stdout.includes(`(Version ${version}): access 4`), run.stdout);
  });

  it('keeps BACKUP_KEEP archives: the newest, never another file', () => {
    writeFileSync(path.join(backups, 'notizen.txt'), 'mine');
    writeFileSync(path.join(backups, 'portfolio-backup-kopie.tar.gz'), 'mine');
    for (let run = 0; run < 4; run += 1) {
      const created = cli(['create', ...storeArgs], { BACKUP_KEEP: '3' });
      assert.equal(created.status, 0, created.stderr);
    }
    const kept = ours().filter((name) => name !== 'portfolio-backup-kopie.tar.gz');
    assert.equal(kept.length, 3);
    const newest = cli(['create', ...storeArgs], { BACKUP_KEEP: '3' });
    const written = path.basename(/^Sicherung (\S+)/.exec(newest.stdout)?.[1] ?? '');
    assert.ok(ours().includes(written), 'the archive just written stays');
    assert.ok(readdirSync(backups).includes('notizen.txt'));
    assert.ok(readdirSync(backups).includes('portfolio-backup-kopie.tar.gz'));
    // A setting that does not parse fails the night, and the owner hears of it by mail,
    // however malformed a setting of the site's beside it.
    const queue = path.join(stores.outbox, 'queue');
    const queued = new Set(readdirSync(queue));
    const refused = cli(['create', ...storeArgs], { BACKUP_KEEP: '0', LOGIN_RATE_LIMIT: 'x' });
    assert.equal(refused.status, 1);
    const line = 'Ungültige Einstellung: BACKUP_KEEP muss eine ganze Zahl von 1 bis 10000 sein.';
    assert.equal(refused.stderr, `${line}\n`);
    const mails = readdirSync(queue).filter((name) => !queued.has(name));
    assert.equal(mails.length, 1);
    const { mail } = JSON.parse(readFileSync(path.join(queue, mails[0]), 'utf8'));
    assert.equal(mail.subject, `Sicherung gescheitert: ${line.slice(0, 80)}`);
    assert.ok(mail.text.includes(`\n${line}\n`), mail.text);
    rmSync(path.join(queue, mails[0]));
  });

  // access 5 from here on: the store's four files (the change noted for the owner's mail among
  // them) and the heartbeat a backup leaves for the API.
  it('leaves the documents out with BACKUP_DOCUMENTS=false or 0, in the environment or .env', () => {
    for (const off of ['false', '0']) {
      const run = cli(['create', ...storeArgs], { BACKUP_DOCUMENTS: off });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /access 5, outbox 3, letters 1, env 1 Datei\(en\)/);
    }
    const envFile = path.join(project, '.env');
    const before = readFileSync(envFile, 'utf8');
    try {
      appendFileSync(envFile, 'BACKUP_DOCUMENTS=0\n');
      const run = cli(['create', ...storeArgs]);
      assert.match(run.stdout, /access 5, outbox 3, letters 1, env 1 Datei\(en\)/);
    } finally {
      writeFileSync(envFile, before);
    }
  });

  it('keeps the documents wherever DOCUMENTS_DIR names them, and never the samples', () => {
    // Another project whose .env keeps the documents outside it, as docs/operations.md offers.
    const elsewhere = path.join(work, 'elsewhere');
    const documents = path.join(work, 'bewerbung');
    mkdirSync(path.join(elsewhere, 'documents', 'samples'), { recursive: true });
    mkdirSync(documents);
    writeFileSync(path.join(documents, 'lebenslauf.pdf'), Buffer.alloc(30_000, 3));
    writeFileSync(path.join(elsewhere, 'documents', 'samples', 'muster.pdf'), 'muster');
    const envFile = path.join(elsewhere, '.env');
    const withoutDocuments = Object.fromEntries(
      Object.entries(env).filter(([name]) => name !== 'DOCUMENTS_DIR'),
    );
    const run = (args: string[]) => runTool(backupCli, args, withoutDocuments);
    const create = (dir: string) => {
      writeFileSync(envFile, `DOCUMENTS_DIR=${dir}\n`);
      return run(['create', '--project', elsewhere]);
    };
    const created = (dir: string) => {
      const made = create(dir);
      assert.equal(made.status, 0, made.stderr);
      return made;
    };
    assert.match(created('./documents/samples').stdout, /: env 1 Datei\(en\)[;\n]/);
    const made = created(documents);
    assert.match(made.stdout, /: env 1, documents 1 Datei\(en\)[;\n]/);
    const archive = /^Sicherung (\S+)/.exec(made.stdout)?.[1] ?? '';
    const before = snapshot(documents);
    // A new machine: neither the folder nor .env; the restored .env names the folder.
    rmSync(documents, { recursive: true });
    rmSync(envFile);
    // The archive alone never chooses which folder of this computer it replaces.
    const unconfirmed = run(['restore', archive, UNPROVEN, '--project', elsewhere]);
    assert.equal(unconfirmed.status, 2);
    assert.match(
      unconfirmed.stderr,
      /^Das Archiv legt die Dokumente nach „\S+bewerbung“ \(DOCUMENTS_DIR seiner \.env\), hier steht DOCUMENTS_DIR „“; nichts verändert\./,
    );
    assert.equal(existsSync(envFile), false);
    const restored = runTool(backupCli, ['restore', archive, UNPROVEN, '--project', elsewhere], {
      ...withoutDocuments,
      DOCUMENTS_DIR: documents,
    });
    assert.equal(restored.status, 0, restored.stderr);
    assert.deepEqual(snapshot(documents), before);
    assert.equal(readFileSync(envFile, 'utf8'), `DOCUMENTS_DIR=${documents}\n`);
    assert.deepEqual(readdirSync(path.join(elsewhere, 'documents', 'samples')), ['muster.pdf']);
    // Nor a folder that is not the owner's: the project itself, or one above it.
    for (const folder of [elsewhere, work, '/', './web']) {
      const refused = create(folder);
      assert.equal(refused.status, 2);
      assert.match(
        refused.stderr,
        /^DOCUMENTS_DIR \(\S+\) ist kein eigener Ordner: nicht die Wurzel, nicht das Projekt/,
      );
    }
    // Nothing left for a restore cut short: its record of the folders is gone.
    const state = readdirSync(path.join(elsewhere, '.portfolio-backup.state'));
    assert.ok(!state.includes('restore-folders.env'), state.join());
  });

  it('create --json answers with the new archive alone on stdout, the owner’s lines on stderr', () => {
    const before = new Set(ours());
    const run = cli(['create', '--json', ...storeArgs]);
    assert.equal(run.status, 0, run.stderr);
    const [made] = ours().filter((name) => !before.has(name));
    const sha256 = createHash('sha256')
      .update(readFileSync(path.join(backups, made)))
      .digest('hex');
    assert.equal(run.stdout, `${JSON.stringify({ archive: made, sha256 })}\n`);
    assert.match(run.stderr, new RegExp(`^Sicherung ${path.join(backups, made)} `, 'm'));
  });

  it('says which language of the Makefile it speaks, without settings or stores', () => {
    const run = runTool(backupCli, ['protocol'], { PATH: env.PATH, JWT_SECRET: 'x' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, '2\n');
  });

  it('verify --json prints one line a script can read', () => {
    const [archive] = ours();
    const run = cli(['verify', '--json', path.join(backups, archive), UNPROVEN]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.split('\n').length, 2, 'one line');
    const { stores } = JSON.parse(run.stdout) as { stores: Array<{ name: string }> };
    assert.deepEqual(
      stores.slice(0, 4).map((store) => store.name),
      ['access', 'outbox', 'letters', 'env'],
    );
    // What the Makefile's `case` looks for (letsencrypt, certificates) is written so.
    assert.ok(run.stdout.includes('"name":"outbox"'));
  });

  it(
    'refuses a backup that cannot fit, before writing, and prunes nothing',
    { skip: isRoot ? false : 'needs root for a private mount namespace' },
    (t) => {
      const small = mkdtempSync(path.join(os.tmpdir(), 'portfolio-backup-small-'));
      t.after(() => rmSync(small, { recursive: true, force: true }));
      // A 256 KiB tmpfs for this command alone, nearly full with an older archive.
      const older = 'portfolio-backup-2020-01-01T000000Z.tar.gz';
      const script =
        'mount -t tmpfs -o size=256k tmpfs "$BACKUP_DIR" && ' +
        `head -c 200000 /dev/urandom > "$BACKUP_DIR/${older}" && ` +
        '"$@"; status=$?; echo "left: $(ls -A "$BACKUP_DIR")"; exit $status';
      const command = [process.execPath, '--import', 'tsx', backupCli, 'create', ...storeArgs];
      const run = spawnSync('unshare', ['-m', 'sh', '-c', script, 'sh', ...command], {
        env: { ...env, BACKUP_DIR: small, BACKUP_KEEP: '1' },
        encoding: 'utf8',
      });
      assert.equal(run.status, 1, run.stderr);
      assert.match(
        run.stderr,
        new RegExp(
          `^Sicherung abgelehnt: in ${small} sind \\d+\\.\\d kB frei, die Sicherung braucht ` +
            'bis zu \\d+\\.\\d kB; kein Archiv geschrieben, nichts verändert\\.\\n$',
        ),
      );
      // No temporary archive, no scratch folder, and BACKUP_KEEP=1 removed nothing;
      // the owner hears of it through the outbox.
      assert.match(run.stdout, /^Mail an MAIL_TO in der Warteschlange \(\S+\.json\)\.\n/);
      assert.equal(run.stdout.split('\n').slice(1).join('\n'), `left: ${older}\n`);
    },
  );

  it('breaks off with one line when a store cannot be read, leaving no archive', (t) => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'portfolio-backup-unreadable-'));
    t.after(() => rmSync(home, { recursive: true, force: true }));
    const store = path.join(home, 'access');
    const secret = path.join(store, 'accesses.json');
    mkdirSync(store);
    writeFileSync(secret, '[]');
    chmodSync(secret, 0o000);
    const folder = path.join(home, 'backups');
    // Root reads every file: as root the command runs without the capabilities
    // that let it (wherever the checkout lies, so not as another user).
    const [command, ...prefix] = isRoot
      ? ['setpriv', ...['--inh-caps', DAC_CAPS, '--bounding-set', DAC_CAPS, '--'], process.execPath]
      : [process.execPath];
    const run = spawnSync(
      command,
      [...prefix, '--import', 'tsx', backupCli, 'create', '--store', `access=${store}`],
      {
        env: { PATH: env.PATH, HOME: home, TMPDIR: home, BACKUP_DIR: folder },
        encoding: 'utf8',
      },
    );
    assert.equal(run.status, 1, run.stderr);
    assert.equal(
      run.stderr,
      `Sicherung abgebrochen: access (${store}) ist nicht lesbar (EACCES: ${secret}); ` +
        'kein Archiv geschrieben, nichts verändert.\n',
    );
    assert.deepEqual(readdirSync(folder), []);
  });

  it('copies a SQLite inbox with SQLite online backup, or says which Node it needs', async (t) => {
    const inbox = path.join(work, 'mailpit');
    mkdirSync(inbox);
    const database = path.join(inbox, 'mailpit.db');
    if (!hasSqliteBackup) {
      // A database's first bytes, as Mailpit leaves them; enough to be recognised.
      writeFileSync(
        database,
        Buffer.concat([Buffer.from('SQLite format 3\0', 'latin1'), Buffer.alloc(84)]),
      );
      const run = cli(['create', '--store', `mailpit=${inbox}`]);
      assert.equal(run.status, 1);
      assert.match(run.stderr, /mailpit\.db ist eine SQLite-Datenbank: .*node:sqlite/);
      t.diagnostic(
        `${process.version} has no node:sqlite backup(): the copy itself is tested on Node 24`,
      );
      return;
    }
    const { DatabaseSync } = process.getBuiltinModule('node:sqlite') as {
      DatabaseSync: new (file: string) => {
        exec(sql: string): void;
        close(): void;
        prepare(sql: string): { all(): unknown[] };
      };
    };
    const live = new DatabaseSync(database);
    live.exec(
      "PRAGMA journal_mode=WAL; CREATE TABLE mails (body TEXT); INSERT INTO mails VALUES ('Hallo'), ('Grüezi');",
    );
    const created = cli(['create', '--store', `mailpit=${inbox}`]);
    live.exec("INSERT INTO mails VALUES ('später')");
    live.close();
    assert.equal(created.status, 0, created.stderr);
    assert.match(created.stdout, /mailpit 1 Datei\(en\)/);
    rmSync(inbox, { recursive: true });
    const archive = /^Sicherung (\S+)/.exec(created.stdout)?.[1] ?? '';
    const restored = cli(['restore', archive, UNPROVEN, '--store', `mailpit=${inbox}`]);
    assert.equal(restored.status, 0, restored.stderr);
    assert.deepEqual(readdirSync(inbox), ['mailpit.db']);
    const copy = new DatabaseSync(database);
    assert.deepEqual(copy.prepare('SELECT body FROM mails').all().length, 2);
    copy.close();
  });
});
