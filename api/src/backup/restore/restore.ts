// Restore (docs/backup.md, "Wiederherstellen"): the whole archive checked first,
// each store it holds given a target of its kind with room, then one
// transaction (restore-transaction.ts) stages the new contents, moves them in
// and commits, or puts every store back. Staging reads the archive again,
// bounded by the first reading: only the manifest's names and sizes, never
// through a link. Names differing only in case or Unicode form are refused
// only onto a file system that takes them for one (exFAT, APFS, Docker Desktop).
import { randomUUID } from 'node:crypto';
import { lstat, mkdir, open, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Header } from 'tar-stream';
import { syncToDisk } from '../../files/durable-file';
import { giveBack, ownAs } from '../../files/file-ownership';
import { UsageError } from '../../common/cli-command';
import type { ArchiveKey } from '../archive/archive-crypto';
import { readArchive, type ArchiveRead, type EntrySink } from '../archive/archive-reader';
import { ALREADY_CHECKED, type Trust } from '../archive/archive-signature';
import { checkRestoreRoom } from '../archive/archive-size';
import {
  ArchiveRefusedError,
  foldedTwins,
  placeOf,
  storeOf,
  storeRoot,
  type DirectoryEntry,
  type FileEntry,
  type Manifest,
  type ManifestEntry,
} from '../archive/backup-manifest';
import { messageOf } from '../../common/error-message';
import { shown } from '../backup-text';
import type { Store } from '../backup-stores';
import { envCapture, type FolderSettings } from './restore-folders';
import {
  begin,
  commit,
  moveIn,
  rollBack,
  stagedRoot,
  tidyJournals,
  type Cut,
  type Swap,
} from './restore-transaction';

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

const foldersOf = (manifest: Manifest, name: string) =>
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
async function foldsNames(folder: string): Promise<boolean> {
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
async function stage(file: string, first: ArchiveRead, swaps: Swap[], options: RestoreOptions) {
  const { key, folds = foldsNames } = options;
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

export interface RestoreOptions {
  key?: ArchiveKey;
  trust: Trust;
  /** The tool's folder of journals (restore-transaction.ts, JOURNALS). */
  journals: string;
  /** The tests' seam for a cut after any step. */
  cut?: Cut;
  /** Refuses what the archive says of itself before anything is written (its name's time). */
  accept?: (manifest: Manifest) => void;
  /** The tests' seam for a file system that folds names. */
  folds?: (folder: string) => Promise<boolean>;
  /** Changes a staged file store before it moves in (a restored .env keeps what runs here). */
  adjust?: (store: string, staged: string) => Promise<void>;
}

/** Every store the archive holds needs a target of the same kind; checked before anything is written. */
function targetsFor(manifest: Manifest, targets: Store[]): Store[] {
  const byName = new Map(targets.map((target) => [target.name, target]));
  return manifest.stores.map((archived) => {
    const target = byName.get(archived.name);
    if (!target)
      throw new UsageError(
        `Das Archiv enthält „${archived.name}“, aber dafür ist kein Ziel angegeben.`,
      );
    if (target.kind !== archived.kind)
      throw new UsageError(
        `„${archived.name}“ ist im Archiv ein${archived.kind === 'file' ? 'e Datei' : ' Ordner'}.`,
      );
    return target;
  });
}

/** The transaction over `held`: all stores new, or (thrown) all as before. */
async function transact(file: string, first: ArchiveRead, held: Store[], options: RestoreOptions) {
  const { cut, journals } = options;
  let swaps: Swap[] = [];
  try {
    swaps = await begin(held, journals);
    await stage(file, first, swaps, options);
    for (const swap of swaps)
      if (swap.journal.store.kind === 'file')
        await options.adjust?.(swap.journal.store.name, stagedRoot(swap));
    const rootOf = (name: string) =>
      foldersOf(first.manifest, name).find((folder) => folder.path === storeRoot(name));
    await moveIn(swaps, rootOf, cut);
  } catch (cause) {
    const failures = await rollBack(swaps, cut);
    await tidyJournals(journals);
    if (cause instanceof ArchiveRefusedError && failures.length === 0) throw cause;
    const after =
      failures.length === 0
        ? 'jeder Teil ist wie vorher'
        : `zurücksetzen scheiterte (${failures.join('; ')}): die nächste Sicherung oder ` +
          'Wiederherstellung setzt zurück';
    throw new Error(`Wiederherstellung abgebrochen (${messageOf(cause)}); ${after}.`, { cause });
  }
  // From the first "committed" on, a failure is finished by the next command, never undone.
  await commit(swaps, cut);
  await tidyJournals(journals);
}

/** The targets, or what decides them from the folders the archive's .env names (restore-folders.ts). */
export type Targets = Store[] | ((folders: FolderSettings) => Promise<Store[]>);

/** Checks the archive and the targets before anything is written, then restores all or none. */
export async function restoreArchive(file: string, targetsOf: Targets, options: RestoreOptions) {
  const env = envCapture();
  const { key, trust } = options;
  const first = await readArchive(file, { key, trust, onEntry: env.onEntry });
  options.accept?.(first.manifest);
  const targets = Array.isArray(targetsOf) ? targetsOf : await targetsOf(env.settings());
  const held = targetsFor(first.manifest, targets);
  await checkRestoreRoom(first.manifest, held);
  await transact(file, first, held, options);
  // Targets the archive holds nothing for: left as they were.
  const names = new Set(held.map((store) => store.name));
  const untouched = targets.filter((t) => !names.has(t.name)).map((t) => t.name);
  return { manifest: first.manifest, untouched };
}
