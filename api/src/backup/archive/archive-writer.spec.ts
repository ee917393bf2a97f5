import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canMount, mountSmallDisk, type SmallDisk } from '../../../test/support/small-disk';
import { createArchive } from './archive-writer';
import { BackupFailedError } from './backup-failure';
import { newKeyPair } from './archive-crypto';
import type { Store } from '../backup-stores';

const asRoot = canMount ? it : it.skip;
const folderStore = (name: string, path: string): Store => ({ name, kind: 'folder', path });

describe('a backup that cannot finish leaves BACKUP_DIR as it was', () => {
  let work: string;
  const disks: SmallDisk[] = [];
  beforeEach(() => (work = mkdtempSync(join(tmpdir(), 'portfolio-archive-writer-'))));
  afterEach(() => {
    for (const disk of disks.splice(0)) disk.remove();
    rmSync(work, { recursive: true, force: true });
  });

  /** A store folder holding `bytes` of data gzip cannot shrink. */
  function storeOf(name: string, bytes: number): Store {
    const path = join(work, name);
    mkdirSync(path);
    writeFileSync(join(path, 'data.bin'), randomBytes(bytes));
    return folderStore(name, path);
  }

  asRoot(
    'refuses before writing when the stores cannot fit (needs root to mount a tmpfs)',
    async () => {
      const disk = mountSmallDisk('256k');
      disks.push(disk);
      const backupDir = join(disk.path, 'backups');
      const run = createArchive({ stores: [storeOf('access', 400_000)], backupDir, version: 'x' });
      await expect(run).rejects.toThrow(
        new RegExp(
          `^Sicherung abgelehnt: in ${backupDir} sind 25\\d\\.\\d kB frei, .* braucht bis zu`,
        ),
      );
      expect(readdirSync(backupDir)).toEqual([]);
    },
  );

  asRoot('counts a database with its WAL, which its snapshot holds (needs root)', async () => {
    const disk = mountSmallDisk('256k');
    disks.push(disk);
    const backupDir = join(disk.path, 'backups');
    const inbox = join(work, 'mailpit');
    mkdirSync(inbox);
    writeFileSync(join(inbox, 'mailpit.db'), randomBytes(8_000));
    // Without the WAL the archive and the snapshot fit; with it they might not.
    writeFileSync(join(inbox, 'mailpit.db-wal'), randomBytes(130_000));
    const run = createArchive({ stores: [folderStore('mailpit', inbox)], backupDir, version: 'x' });
    await expect(run).rejects.toThrow(/^Sicherung abgelehnt: .* braucht bis zu 2[6-9]\d\.\d kB/);
    expect(readdirSync(backupDir)).toEqual([]);
  });

  asRoot('breaks off with one line when the disk fills while it writes (needs root)', async () => {
    const disk = mountSmallDisk('256k');
    disks.push(disk);
    const backupDir = join(disk.path, 'backups');
    const stores = [storeOf('access', 100_000), storeOf('outbox', 100_000)];
    // Someone else fills the disk once the size check has passed.
    const fill = () =>
      writeFile(join(disk.path, 'filler'), randomBytes(200_000)).catch(() => undefined);
    const run = createArchive({ stores, backupDir, version: 'x', beforeStore: fill });
    await expect(run).rejects.toThrow(
      `Sicherung abgebrochen: in ${backupDir} ist kein Platz mehr (Datenträger voll); ` +
        'kein Archiv geschrieben, nichts verändert.',
    );
    expect(readdirSync(backupDir)).toEqual([]);
  });

  it('breaks off when a store vanishes while the backup runs', async () => {
    const backupDir = join(work, 'backups');
    const stores = [storeOf('access', 1000), storeOf('outbox', 1000)];
    const vanish = async (store: Store) => {
      if (store.name === 'outbox') rmSync(store.path, { recursive: true });
    };
    const run = createArchive({ stores, backupDir, version: 'x', beforeStore: vanish });
    await expect(run).rejects.toThrow(
      `Sicherung abgebrochen: outbox (${stores[1].path}) ist während der Sicherung verschwunden`,
    );
    expect(readdirSync(backupDir)).toEqual([]);
  });

  it.each([
    ['a FIFO', (path: string) => execFileSync('mkfifo', [path])],
    ['a folder', (path: string) => mkdirSync(path)],
  ])('refuses a file store that is %s, before writing anything', async (_, make) => {
    const backupDir = join(work, 'backups');
    const path = join(work, '.env');
    make(path);
    const run = createArchive({
      stores: [{ name: 'env', kind: 'file', path }],
      backupDir,
      version: 'x',
    });
    await expect(run).rejects.toThrow(BackupFailedError);
    await expect(run).rejects.toThrow(
      `Sicherung abgebrochen: env (${path}) ist nicht lesbar (keine gewöhnliche Datei)`,
    );
    expect(readdirSync(backupDir)).toEqual([]);
  });
});

describe('a backup counts only once it restores', () => {
  let work: string;
  beforeEach(() => (work = mkdtempSync(join(tmpdir(), 'portfolio-archive-restorable-'))));
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  /** A backup of the one folder store `name` at `store` into a fresh BACKUP_DIR. */
  const archiveOf = (name: string, store: string) => {
    const backupDir = join(work, 'backups');
    const run = createArchive({ stores: [folderStore(name, store)], backupDir, version: 'x' });
    return { run, backupDir };
  };

  /** The archive's entries, as tar lists them. */
  const entriesOf = (path: string) =>
    execFileSync('tar', ['-tzf', path], { encoding: 'utf8' }).split('\n').filter(Boolean);

  it('leaves out and names a link out of its store and one to /, and backs up the rest', async () => {
    const store = join(work, 'documents');
    mkdirSync(join(store, 'deep'), { recursive: true });
    writeFileSync(join(store, 'zeugnis.pdf'), 'PDF');
    symlinkSync('/home/pi/cv.pdf', join(store, 'cv.pdf'));
    symlinkSync('/', join(store, 'deep', 'root'));
    // A link to a database outside: never opened as one.
    const outside = join(work, 'outside.db');
    writeFileSync(outside, Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(84)]));
    symlinkSync(outside, join(store, 'inbox.db'));
    const summary = await archiveOf('documents', store).run;
    expect(summary.skipped).toEqual([
      join(store, 'cv.pdf'),
      join(store, 'deep', 'root'),
      join(store, 'inbox.db'),
    ]);
    expect(entriesOf(summary.path)).toEqual(
      expect.arrayContaining(['stores/documents/zeugnis.pdf', 'stores/documents/deep']),
    );
    expect(entriesOf(summary.path).filter((name) => /cv\.pdf|root|inbox/.test(name))).toEqual([]);
  });

  it('leaves out and names a file whose name is not UTF-8, instead of reading it as another', async () => {
    const store = join(work, 'documents');
    mkdirSync(store);
    writeFileSync(join(store, 'zeugnis.pdf'), 'PDF');
    // "Zeugnis-Müller.pdf" written by a Latin-1 system: ü is the single byte 0xfc.
    const latin1 = Buffer.concat([
      Buffer.from(`${store}/Zeugnis-M`),
      Buffer.from([0xfc]),
      Buffer.from('ller.pdf'),
    ]);
    writeFileSync(latin1, 'PDF');
    const summary = await archiveOf('documents', store).run;
    expect(summary.skipped).toEqual([`${store}/Zeugnis-M\\xfcller.pdf`]);
    expect(entriesOf(summary.path).filter((name) => name.includes('Zeugnis'))).toEqual([]);
    expect(entriesOf(summary.path)).toContain('stores/documents/zeugnis.pdf');
  });

  it.each([[[] as string[]], [['encrypted']]])(
    'reads its archive back before it counts, and one that does not read back is none (%j)',
    async (kind) => {
      const store = join(work, 'access');
      mkdirSync(store);
      writeFileSync(join(store, 'accesses.json'), randomBytes(200_000));
      const backupDir = join(work, 'backups');
      const recipients = kind.length > 0 ? [(await newKeyPair()).recipient] : [];
      // One byte changed on its way to the disk, after the archive was written.
      const flip = async (temporary: string) => {
        const file = await open(temporary, 'r+');
        const byte = Buffer.alloc(1);
        await file.read(byte, 0, 1, 100_000);
        await file.write(Buffer.from([byte[0] ^ 1]), 0, 1, 100_000);
        await file.close();
      };
      const options = {
        stores: [folderStore('access', store)],
        backupDir,
        version: 'x',
        recipients,
      };
      await expect(createArchive({ ...options, afterWrite: flip })).rejects.toThrow(
        /^Sicherung abgebrochen: das eben geschriebene Archiv besteht die Prüfung nicht \(.+\); kein Archiv geschrieben, nichts verändert\.$/,
      );
      expect(readdirSync(backupDir)).toEqual([]);
      await expect(createArchive(options)).resolves.toMatchObject({ encrypted: kind.length > 0 });
    },
  );
});

describe('a backup killed midway', () => {
  it('leaves its scratch and temporary archive to the next backup, which removes them', async () => {
    const work = mkdtempSync(join(tmpdir(), 'portfolio-archive-leftovers-'));
    try {
      const backupDir = join(work, 'backups');
      const store = join(work, 'access');
      mkdirSync(join(backupDir, '.portfolio-backup-scratch-1234.tmp'), { recursive: true });
      writeFileSync(join(backupDir, '.portfolio-backup-scratch-1234.tmp', 'inbox.db'), 'Post');
      writeFileSync(join(backupDir, '.portfolio-backup-2026-01-01T000000Z.tar.gz.5678.tmp'), 'x');
      writeFileSync(join(backupDir, '.owner-notes.tmp'), 'kept');
      mkdirSync(store);
      writeFileSync(join(store, 'accesses.json'), '{}');
      const { path } = await createArchive({
        stores: [folderStore('access', store)],
        backupDir,
        version: 'x',
      });
      expect(readdirSync(backupDir).sort()).toEqual(
        ['.owner-notes.tmp', path.split('/').at(-1)].sort(),
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});

describe('the access store and the letters in one archive', () => {
  let work: string;
  beforeEach(() => (work = mkdtempSync(join(tmpdir(), 'portfolio-archive-snapshot-'))));
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('hold the letters their accesses.json names, though one is removed while the backup reads', async () => {
    const [access, letters, backupDir, out] = ['access', 'letters', 'backups', 'out'].map((name) =>
      join(work, name),
    );
    mkdirSync(join(letters, 'AbCdEfGhIjKl'), { recursive: true });
    mkdirSync(access);
    mkdirSync(out);
    writeFileSync(join(access, 'accesses.json'), 'names MnOpQrStUvWx\n');
    writeFileSync(join(letters, 'AbCdEfGhIjKl', 'MnOpQrStUvWx.pdf'), '%PDF-1.7 Brief');
    const removeBrief = async (store: Store) => {
      if (store.name !== 'letters') return;
      rmSync(join(letters, 'AbCdEfGhIjKl', 'MnOpQrStUvWx.pdf'));
      writeFileSync(join(access, 'accesses.json'), 'names none\n');
    };
    const stores = [folderStore('access', access), folderStore('letters', letters)];
    const { path } = await createArchive({
      stores,
      backupDir,
      version: 'x',
      beforeStore: removeBrief,
    });
    execFileSync('tar', ['-xzf', path, '-C', out]);
    const files = execFileSync('find', [out, '-type', 'f'], { encoding: 'utf8' });
    expect(files).toMatch(/MnOpQrStUvWx\.pdf$/m);
    // The lock the snapshot held is no part of the store: a restore must not bring it back held.
    expect(execFileSync('find', [out], { encoding: 'utf8' })).not.toContain('.lock');
    expect(
      execFileSync('cat', [...files.split('\n').filter((f) => f.endsWith('accesses.json'))], {
        encoding: 'utf8',
      }),
    ).toBe('names MnOpQrStUvWx\n');
  });
});
