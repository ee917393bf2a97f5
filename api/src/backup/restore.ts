// Restore: first the whole archive is checked against its manifest; only
// then is each store written, into a hidden folder inside its target (so a
// full disk leaves the old contents as they were), and finally swapped in:
// the target's old contents go, the new ones are renamed into place. The
// target folder itself stays (in Docker it is a volume's mount point).
// Files keep their permissions, and, when restore runs as root (the Docker
// variant), their owners: the API's user must be able to write its stores.
import { randomUUID } from 'node:crypto';
import { chmod, chown, lchown, mkdir, open, readdir, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Header } from 'tar-stream';
import { readArchive, type EntrySink } from './archive-reader';
import {
  ArchiveRefusedError,
  storeOf,
  storeRoot,
  type DirectoryEntry,
  type Manifest,
  type ManifestEntry,
} from './backup-manifest';
import { UsageError } from '../common/owner-command';
import type { Store } from './backup-stores';

export interface RestoreResult {
  manifest: Manifest;
  /** Targets the archive holds nothing for; they were left as they were. */
  untouched: string[];
}

interface Staged {
  store: Store;
  /** A hidden folder inside the target folder, or a hidden file beside the target file. */
  staging: string;
}

const asRoot = () => process.getuid?.() === 0;

async function own(path: string, entry: ManifestEntry, link = false): Promise<void> {
  if (asRoot()) await (link ? lchown : chown)(path, entry.uid, entry.gid);
}

/** Where an archive entry of a store lies below `base` (the store's staging or its target). */
function placeOf(base: string, storeName: string, entryPath: string): string {
  const root = storeRoot(storeName);
  return entryPath === root ? base : join(base, entryPath.slice(root.length + 1));
}

async function fileSink(path: string, entry: ManifestEntry & { type: 'file' }): Promise<EntrySink> {
  const file = await open(path, 'wx', 0o600);
  return {
    write: (chunk) => file.write(chunk),
    end: async () => {
      try {
        await file.chmod(entry.mode);
        if (asRoot()) await file.chown(entry.uid, entry.gid);
        await file.sync();
      } finally {
        await file.close();
      }
    },
  };
}

async function writeEntry(staged: Staged, entry: ManifestEntry): Promise<EntrySink | undefined> {
  const path = placeOf(staged.staging, staged.store.name, entry.path);
  if (path === staged.staging && entry.type === 'directory') return undefined;
  await mkdir(dirname(path), { recursive: true });
  if (entry.type === 'directory') await mkdir(path, { recursive: true });
  else if (entry.type === 'symlink') {
    await symlink(entry.target, path);
    await own(path, entry, true);
  } else return fileSink(path, entry);
  return undefined;
}

/** Replaces the target's contents by the staged ones, then sets folders' modes, deepest first. */
async function swapIn(staged: Staged, entries: ManifestEntry[]): Promise<void> {
  const { store, staging } = staged;
  if (store.kind === 'file') return rename(staging, store.path);
  for (const name of await readdir(store.path))
    if (join(store.path, name) !== staging)
      await rm(join(store.path, name), { recursive: true, force: true });
  for (const name of await readdir(staging))
    await rename(join(staging, name), join(store.path, name));
  await rm(staging, { recursive: true });
  const folders = entries
    .filter((entry): entry is DirectoryEntry => entry.type === 'directory')
    .sort((a, b) => b.path.split('/').length - a.path.split('/').length);
  for (const folder of folders) {
    const path = placeOf(store.path, store.name, folder.path);
    await chmod(path, folder.mode);
    await own(path, folder);
  }
}

async function prepare(store: Store): Promise<Staged> {
  if (store.kind === 'file') {
    await mkdir(dirname(store.path), { recursive: true });
    const staging = join(dirname(store.path), `.${basename(store.path)}.${randomUUID()}.tmp`);
    return { store, staging };
  }
  await mkdir(store.path, { recursive: true, mode: 0o700 });
  const staging = join(store.path, `.portfolio-restore-${randomUUID()}.tmp`);
  await mkdir(staging, { mode: 0o700 });
  return { store, staging };
}

/**
 * Checks the archive, refuses a store without a target (or of the wrong
 * kind) before anything is written, then restores every store it holds.
 */
export async function restoreArchive(file: string, targets: Store[]): Promise<RestoreResult> {
  const manifest = await readArchive(file);
  const byName = new Map(targets.map((target) => [target.name, target]));
  for (const archived of manifest.stores) {
    const target = byName.get(archived.name);
    if (!target)
      throw new UsageError(
        `Das Archiv enthält „${archived.name}“, aber dafür ist kein Ziel angegeben.`,
      );
    if (target.kind !== archived.kind)
      throw new UsageError(
        `„${archived.name}“ ist im Archiv ein${archived.kind === 'file' ? 'e Datei' : ' Ordner'}.`,
      );
  }
  const held = new Set(manifest.stores.map((store) => store.name));
  const entries = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  const staged = new Map<string, Staged>();
  try {
    for (const name of held) staged.set(name, await prepare(byName.get(name) as Store));
    await readArchive(file, async (header: Header) => {
      const name = header.name.replace(/\/$/, '');
      // The same archive a second time: a name the first reading did not
      // check (the file was swapped meanwhile) is never written.
      const entry = entries.get(name);
      const store = staged.get(storeOf(name) ?? '');
      if (!entry || !store) throw new ArchiveRefusedError(`${name} steht nicht im Manifest`);
      return writeEntry(store, entry);
    });
  } catch (error) {
    for (const { staging } of staged.values()) await rm(staging, { recursive: true, force: true });
    throw error;
  }
  for (const [name, stage] of staged)
    await swapIn(
      stage,
      manifest.entries.filter((entry) => storeOf(entry.path) === name),
    );
  return { manifest, untouched: targets.filter((t) => !held.has(t.name)).map((t) => t.name) };
}
