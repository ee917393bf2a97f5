// Before the first byte: does the archive fit into BACKUP_DIR, and a restore
// beside the stores it replaces? The archive may take the stores as tar, gzip's
// bound for what it cannot shrink, age's tags and each SQLite snapshot: what
// gzip saves is known only afterwards, and BACKUP_DIR is often the Pi's card.
import { lstat, stat, statfs } from 'node:fs/promises';
import { dirname, join, posix } from 'node:path';
import { stopped, storeUnreadable, unlessGone } from './backup-failure';
import type { Store } from '../backup-stores';
import { ArchiveRefusedError, storeOf, storeRoot, type Manifest } from './backup-manifest';
import { listStore } from './store-listing';
import { ageBound } from './archive-crypto';

const BLOCK = 512;
/** tar-stream adds a PAX header (two blocks) for a name or link of 100 characters or more. */
const LONG_NAME = 100;
/** manifest.json: its lines per entry are well below this. */
const MANIFEST_BYTES_PER_ENTRY = 512;

const blocks = (bytes: number) => Math.ceil(bytes / BLOCK) * BLOCK;
const header = (name: string) => BLOCK + (name.length >= LONG_NAME ? 2 * BLOCK : 0);

/** zlib's deflateBound() for incompressible data, and gzip's own header and trailer. */
const gzipBound = (bytes: number) =>
  bytes + Math.ceil(bytes / 4096) + Math.ceil(bytes / 16384) + 13 + 18;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The bytes an unprivileged process may still write in `folder`'s file system. */
export const freeBytes = async (folder: string) => {
  const { bavail, bsize } = await statfs(folder);
  return bavail * bsize;
};

/** One store's share of the archive, or undefined when it does not exist. */
async function measureStore(store: Store): Promise<number | undefined> {
  const root = await unlessGone(lstat(store.path));
  if (!root) return undefined;
  const name = storeRoot(store.name);
  if (store.kind === 'file') {
    const file = await stat(store.path);
    if (!file.isFile()) throw new Error('keine gewöhnliche Datei');
    return header(name) + blocks(file.size) + MANIFEST_BYTES_PER_ENTRY;
  }
  if (!root.isDirectory()) throw new Error('kein Ordner');
  let bytes = header(name) + MANIFEST_BYTES_PER_ENTRY;
  for (const entry of await listStore(store.path, store.leaveOut)) {
    const stats = await lstat(join(store.path, entry)).catch(() => undefined);
    if (!stats) continue;
    bytes += header(posix.join(name, entry)) + MANIFEST_BYTES_PER_ENTRY;
    if (!stats.isFile()) continue;
    bytes += blocks(stats.size);
    // A database's snapshot beside the archive holds its WAL too (whose own
    // blocks, counted above, stand for the snapshot's growth in the tar).
    if (!entry.endsWith('.db')) continue;
    const wal = await lstat(join(store.path, `${entry}-wal`)).catch(() => undefined);
    bytes += stats.size + (wal?.size ?? 0);
  }
  return bytes;
}

/** The stores that exist, each read once (an unreadable one stops here), if BACKUP_DIR has room. */
export async function checkRoom(
  stores: Store[],
  backupDir: string,
  recipients = 0,
): Promise<Set<string>> {
  const present = new Set<string>();
  // The tar's end: two empty blocks.
  let needed = 2 * BLOCK;
  for (const store of stores) {
    const bytes = await measureStore(store).catch((error: unknown) => {
      throw storeUnreadable(store, error);
    });
    if (bytes === undefined) continue;
    present.add(store.name);
    needed += bytes;
  }
  needed = ageBound(gzipBound(needed), recipients);
  const free = await freeBytes(backupDir);
  const room = `in ${backupDir} sind ${formatBytes(free)} frei`;
  if (needed > free)
    throw stopped(`${room}, die Sicherung braucht bis zu ${formatBytes(needed)}`, 'abgelehnt');
  return present;
}

/** What a file system gives an entry at least: whole 4 KiB blocks, one for a folder or link. */
const FS_BLOCK = 4096;
const onDisk = (bytes: number) => Math.max(1, Math.ceil(bytes / FS_BLOCK)) * FS_BLOCK;

/** The nearest folder of `path` that exists (a store's folder may be made by the restore). */
async function existingFolder(path: string): Promise<string> {
  for (let folder = path; ; folder = dirname(folder)) {
    const stats = await stat(folder).catch(() => undefined);
    if (stats?.isDirectory() || folder === dirname(folder)) return folder;
  }
}

/** A restore keeps the old contents until the end: each disk needs room for all it stages. */
export async function checkRestoreRoom(manifest: Manifest, targets: Store[]): Promise<void> {
  const needs = new Map<number, { folder: string; bytes: number }>();
  for (const target of targets) {
    const folder = await existingFolder(
      target.kind === 'folder' ? target.path : dirname(target.path),
    );
    const { dev } = await stat(folder);
    const need = needs.get(dev) ?? { folder, bytes: 0 };
    for (const entry of manifest.entries)
      if (storeOf(entry.path) === target.name)
        need.bytes += onDisk(entry.type === 'file' ? entry.size : 0);
    needs.set(dev, need);
  }
  for (const { folder, bytes } of needs.values()) {
    const free = await freeBytes(folder);
    if (bytes > free)
      throw new ArchiveRefusedError(
        `zu gross für den Datenträger: in ${folder} sind ${formatBytes(free)} frei, ` +
          `das Archiv braucht dort ${formatBytes(bytes)}; nichts verändert`,
      );
  }
}
