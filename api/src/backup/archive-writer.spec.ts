import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canMount, mountSmallDisk, type SmallDisk } from '../../test/support/small-disk';
import { createArchive } from './archive-writer';
import { BackupFailedError } from './backup-failure';
import type { Store } from './backup-stores';

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
