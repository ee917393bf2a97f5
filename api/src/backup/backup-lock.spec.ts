// One command of the backup tool at a time: a backup started while a
// restore runs waits for it (it would otherwise undo the restore as if it
// had been cut short), and every store ends whole: the restore's, and the
// new archive's, which holds the state before the restore or after it.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../test/support/scratch';
import { readArchive } from './archive/archive-reader';
import { newSigningPair, signingKeyLine } from './archive/archive-signature';
import { newKeyPair, readIdentityFile } from './archive/archive-crypto';
import { HEARTBEAT } from './backup-heartbeat';
import { withBackupLock } from './backup-lock';
import { JOURNALS } from './restore/restore-transaction';
import { runBackupCommand } from './backup.cli';
import { ourArchives } from './archive/retention';

// An encrypted backup and restore of 200 files each, on a busy machine.
jest.setTimeout(60_000);

describe('one command at a time', () => {
  const work = scratchDir('portfolio-lock-spec-');
  const project = join(work, 'project');
  const access = join(work, 'access');
  const backups = join(work, 'backups');
  const stores = ['--project', project, '--store', `access=${access}`];
  const keyFile = join(work, 'key.txt');
  // Encrypted and signed by the site, so that restore can prove the archive is its own.
  const env: Record<string, string> = { BACKUP_DIR: backups };
  const run = (args: string[]) => runBackupCommand(args, env, () => undefined);

  beforeAll(async () => {
    const { file, recipient } = await newKeyPair();
    const signing = newSigningPair();
    writeFileSync(keyFile, `${signingKeyLine(signing.publicKey)}\n${file}`);
    Object.assign(env, { BACKUP_AGE_RECIPIENTS: recipient, BACKUP_SIGNING_KEY: signing.secret });
  });

  /** Many files, so that the restore takes a while and the backup has something to meet. */
  function fill(state: string): Record<string, string> {
    mkdirSync(access, { recursive: true });
    const files: Record<string, string> = {};
    for (let n = 0; n < 200; n += 1) files[`${state}-${n}.json`] = `{"${state}":${n}}`;
    for (const [name, text] of Object.entries(files)) writeFileSync(join(access, name), text);
    return files;
  }

  // The stores' own files: each backup also leaves its heartbeat for the API there.
  const contents = () =>
    Object.fromEntries(
      readdirSync(access)
        .filter((name) => name !== HEARTBEAT)
        .map((name) => [name, readFileSync(join(access, name))]),
    );
  const hashesOf = (files: Record<string, string | Buffer>) =>
    Object.values(files)
      .map((bytes) => createHash('sha256').update(bytes).digest('hex'))
      .sort();

  it('runs a backup started during a restore after it, and both find every store whole', async () => {
    mkdirSync(project, { recursive: true });
    writeFileSync(join(project, '.env'), 'JWT_SECRET=neu\n');
    const newFiles = fill('new');
    await run(['create', ...stores]);
    const [archive] = readdirSync(backups).filter((name) => name.endsWith('.age'));
    writeFileSync(join(project, '.env'), 'JWT_SECRET=alt\n');
    for (const name of readdirSync(access)) writeFileSync(join(access, name), 'alt');
    const oldHashes = hashesOf(contents());
    // The backup starts once the restore's journals are on disk: mid-transaction.
    const journal = new Promise<void>((resolve) => {
      const watcher = watch(project, (_, name) => {
        if (name !== JOURNALS) return;
        watcher.close();
        resolve();
      });
    });
    const restoring = run(['restore', join(backups, archive), '--identity', keyFile, ...stores]);
    await journal;
    const backingUp = run(['create', ...stores]);
    await Promise.all([restoring, backingUp]);
    expect(hashesOf(contents())).toEqual(hashesOf(newFiles));
    expect(readFileSync(join(project, '.env'), 'utf8')).toBe('JWT_SECRET=neu\n');
    // The backup took the stores whole: as before the restore, or after it.
    // By the time in the name, then its number: "…Z-2" is newer than "…Z".
    const newest =
      ourArchives(readdirSync(backups).filter((name) => name.endsWith('.age'))).at(-1) ?? '';
    const trust = { encryptedOnly: true, skip: false };
    const key = await readIdentityFile(keyFile);
    const { manifest } = await readArchive(join(backups, newest), { key, trust });
    const hashes = manifest.entries.flatMap((entry) =>
      entry.type === 'file' && entry.path.startsWith('stores/access/') ? [entry.sha256] : [],
    );
    expect([oldHashes, hashesOf(newFiles)]).toContainEqual(hashes.sort());
  });

  it('stops a second command after its wait with one line naming the first', async () => {
    let release: () => void = () => undefined;
    let holding: () => void = () => undefined;
    const taken = new Promise<void>((resolve) => (holding = resolve));
    const held = withBackupLock({ project, command: 'restore', waitMs: 0 }, () => {
      holding();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await taken;
    await expect(run(['create', '--wait', '1', ...stores])).rejects.toThrow(
      /^Gerade läuft „restore“ \(seit \S+, Prozess \d+ auf \S+\): nach 1 s Warten abgebrochen, nichts verändert; später noch einmal\.$/,
    );
    release();
    await held;
    // The night that waited in vain is mailed by the next backup, under the lock.
    const outbox = join(work, 'mail-outbox');
    const withOutbox = [...stores, '--store', `outbox=${outbox}`];
    await expect(run(['create', '--wait', '1', ...withOutbox])).resolves.toBeUndefined();
    const queued = readdirSync(join(outbox, 'queue'));
    expect(queued).toHaveLength(1);
    const { mail } = JSON.parse(readFileSync(join(outbox, 'queue', queued[0]), 'utf8'));
    expect(mail.subject).toMatch(/^Sicherung gescheitert: Gerade läuft „restore“ \(seit /);
    expect(mail.text).toMatch(/^Die Sicherung \(create\) vom .* ist gescheitert:/);
    // Told once.
    await expect(run(['create', '--wait', '1', ...withOutbox])).resolves.toBeUndefined();
    expect(readdirSync(join(outbox, 'queue'))).toHaveLength(1);
  });
});
