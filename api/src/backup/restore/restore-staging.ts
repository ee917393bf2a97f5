// Writes an archive's entries into each store's staging (restore-transaction.ts)
// while the archive is read a second time, bounded by the first reading, which
// checked it whole: only names its manifest lists, no file beyond the size it
// gives, never through a link, and the second reading must find the same manifest.
// Names that differ only in case or Unicode form are two files on the Pi's
// ext4 and in a Docker volume, and the backup keeps both; only where a
// store's file system takes them for one (exFAT, APFS, a Docker Desktop bind
// mount) is such an archive refused, before anything is staged.
import { randomUUID } from 'node:crypto';
import { lstat, mkdir, open, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Header } from 'tar-stream';
import { readArchive, type ArchiveRead, type EntrySink } from '../archive/archive-reader';
import type { ArchiveKey } from '../archive/archive-crypto';
import { ALREADY_CHECKED } from '../archive/archive-signature';
import {
  ArchiveRefusedError,
  foldedTwins,
  placeOf,
  storeOf,
  storeRoot,
  shown,
  type DirectoryEntry,
  type FileEntry,
  type Manifest,
  type ManifestEntry,
} from '../archive/backup-manifest';
import { syncToDisk } from '../../common/durable-file';
import { giveBack, ownAs } from '../../common/file-owner';
import { stagedRoot, type Swap } from './restore-transaction';

/** Every folder between the staging and `path` is a real folder, made when missing. */
async function parentsOf(staging: string, path: string): Promise<void> {
  let folder = staging;
  for (const part of relative(staging, dirname(path)).split(sep).filter(Boolean)) {
    const stats = await lstat((folder = join(folder, part))).catch(() => undefined);
    if (!stats) await mkdir(folder, { mode: 0o700 });
    else if (!stats.isDirectory())
      throw new ArchiveRefusedError(`${shown(path)} läge unter einem Link oder einer Datei`);
  }
}

async function fileSink(path: string, entry: FileEntry): Promise<EntrySink> {
  const file = await open(path, 'wx', 0o600);
  let written = 0;
  const tooLarge = () =>
    new ArchiveRefusedError(`${shown(entry.path)} ist grösser als im Manifest`);
  return {
    write: (chunk) =>
      (written += chunk.length) > entry.size ? Promise.reject(tooLarge()) : file.write(chunk),
    end: () =>
      file
        .chmod(entry.mode)
        .then(() => ownAs(path, entry))
        .then(() => file.sync())
        .finally(() => file.close()),
  };
}

async function writeEntry(swap: Swap, entry: ManifestEntry): Promise<EntrySink | undefined> {
  const path = placeOf(stagedRoot(swap), swap.journal.store.name, entry.path);
  if (path === swap.staging && entry.type === 'directory') return undefined;
  await parentsOf(swap.staging, path);
  if (entry.type === 'directory') await mkdir(path, { mode: 0o700 });
  else if (entry.type === 'symlink') {
    await symlink(entry.target, path);
    await ownAs(path, entry, true);
  } else return fileSink(path, entry);
  return undefined;
}

export const foldersOf = (manifest: Manifest, name: string) =>
  manifest.entries.filter(
    (entry): entry is DirectoryEntry => entry.type === 'directory' && storeOf(entry.path) === name,
  );

/** The staged folders' modes and owners, deepest first (a read-only one last), each flushed. */
async function settle(swap: Swap, manifest: Manifest): Promise<void> {
  const { name } = swap.journal.store;
  const depth = (folder: DirectoryEntry) => folder.path.split('/').length;
  const folders = foldersOf(manifest, name).filter((folder) => folder.path !== storeRoot(name));
  for (const folder of folders.sort((a, b) => depth(b) - depth(a))) {
    const path = placeOf(swap.staging, name, folder.path);
    await giveBack(path, folder);
    await syncToDisk(path);
  }
  await syncToDisk(swap.staging);
}

/** Whether `folder`'s file system takes names differing in case or Unicode form for one. */
export async function foldsNames(folder: string): Promise<boolean> {
  const name = `.portfolio-probe-${randomUUID()}-\u00e9.tmp`;
  const probe = join(folder, name);
  await writeFile(probe, '', { flag: 'wx' });
  try {
    for (const twin of [name.toUpperCase(), name.normalize('NFD')])
      if (await lstat(join(folder, twin)).then(Boolean, () => false)) return true;
    return false;
  } finally {
    await rm(probe, { force: true });
  }
}

async function refuseFolded(swap: Swap, manifest: Manifest, folds: typeof foldsNames) {
  const twins = foldedTwins(manifest, swap.journal.store.name);
  if (!twins || !(await folds(swap.staging))) return;
  throw new ArchiveRefusedError(
    `${shown(twins[0])} und ${shown(twins[1])} wären in ${shown(swap.journal.store.path)} eine ` +
      'Datei (dieser Datenträger unterscheidet Gross- und Kleinschreibung oder Unicode-Formen ' +
      'nicht): auf einen Linux-Datenträger oder in ein Docker-Volume wiederherstellen',
  );
}

/** Writes every store's new contents into its staging, as the first reading found them. */
export async function stage(
  file: string,
  key: ArchiveKey | undefined,
  first: ArchiveRead,
  swaps: Swap[],
  folds = foldsNames,
): Promise<void> {
  for (const swap of swaps) await refuseFolded(swap, first.manifest, folds);
  const entries = new Map(first.manifest.entries.map((entry) => [entry.path, entry]));
  const byStore = new Map(swaps.map((swap) => [swap.journal.store.name, swap]));
  const onEntry = async (header: Header) => {
    const name = header.name.replace(/\/$/, '');
    const entry = entries.get(name);
    const swap = byStore.get(storeOf(name) ?? '');
    if (!entry || !swap) throw new ArchiveRefusedError(`${shown(name)} steht nicht im Manifest`);
    return writeEntry(swap, entry);
  };
  // The origin was proven by the first reading; the same manifest proves the rest.
  const second = await readArchive(file, { key, trust: ALREADY_CHECKED, onEntry });
  if (second.digest !== first.digest)
    throw new ArchiveRefusedError('das Archiv hat sich während der Wiederherstellung verändert');
  for (const swap of swaps) await settle(swap, first.manifest);
}
