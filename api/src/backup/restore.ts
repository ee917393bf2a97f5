// Restore, as one transaction over every store the archive holds. First the
// whole archive is checked against its manifest; then what an interrupted
// restore left is resolved (restore-recovery.ts); then every store's new
// contents are staged beside the old ones, each store's old contents are
// moved aside and its new ones moved in, and only once every store is in
// is the restore committed and the old contents deleted. Any failure
// before that puts every store back as it was (restore-swap.ts). A store's
// folder itself stays: in Docker it is a volume's mount point.
// Files keep their permissions, and, when restore runs as root (the Docker
// variant), their owners: the API's user must be able to write its stores.
import { randomUUID } from 'node:crypto';
import { chmod, chown, lchown, mkdir, open, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Header } from 'tar-stream';
import { readArchive, type EntrySink } from './archive-reader';
import type { ArchiveKey } from './archive-crypto';
import {
  ArchiveRefusedError,
  storeOf,
  storeRoot,
  type DirectoryEntry,
  type Manifest,
  type ManifestEntry,
} from './backup-manifest';
import { UsageError } from '../common/owner-command';
import { syncToDisk } from '../common/durable-file';
import type { Store } from './backup-stores';
import { recoverInterruptedRestores, type Recovery } from './restore-recovery';
import {
  beginSwap,
  clearSwap,
  moveAside,
  moveIn,
  rollBackSwap,
  swapOf,
  writePhase,
  type Swap,
} from './restore-swap';

export interface RestoreResult {
  manifest: Manifest;
  /** Targets the archive holds nothing for; they were left as they were. */
  untouched: string[];
  /** Interrupted restores found and resolved first. */
  recovered: Recovery[];
}

/** The points between which a restore can be cut: the tests' seam for a failure at each. */
export type RestoreStep = 'staged' | 'aside' | 'in' | 'committed' | 'cleared';
export type StepHook = (step: RestoreStep, store: string) => Promise<void>;

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

async function writeEntry(swap: Swap, entry: ManifestEntry): Promise<EntrySink | undefined> {
  const path = placeOf(swap.staging, swap.journal.store.name, entry.path);
  if (path === swap.staging && entry.type === 'directory') return undefined;
  await mkdir(dirname(path), { recursive: true });
  if (entry.type === 'directory') await mkdir(path, { recursive: true });
  else if (entry.type === 'symlink') {
    await symlink(entry.target, path);
    await own(path, entry, true);
  } else return fileSink(path, entry);
  return undefined;
}

const foldersOf = (manifest: Manifest, name: string) =>
  manifest.entries.filter(
    (entry): entry is DirectoryEntry => entry.type === 'directory' && storeOf(entry.path) === name,
  );

/**
 * Gives the staged folders their modes and owners, deepest first (a folder
 * made read-only last), and flushes each: the new names must be on disk
 * before the old contents move aside.
 */
async function settleStaging(swap: Swap, manifest: Manifest): Promise<void> {
  const { name } = swap.journal.store;
  const folders = foldersOf(manifest, name)
    .filter((folder) => folder.path !== storeRoot(name))
    .sort((a, b) => b.path.split('/').length - a.path.split('/').length);
  for (const folder of folders) {
    const path = placeOf(swap.staging, name, folder.path);
    await chmod(path, folder.mode);
    await own(path, folder);
    await syncToDisk(path);
  }
  await syncToDisk(swap.journal.store.kind === 'folder' ? swap.staging : dirname(swap.staging));
}

/** Writes every store's new contents into its staging; the archive is checked once more meanwhile. */
async function stage(
  file: string,
  key: ArchiveKey | undefined,
  manifest: Manifest,
  swaps: Swap[],
): Promise<void> {
  const entries = new Map(manifest.entries.map((entry) => [entry.path, entry]));
  const byStore = new Map(swaps.map((swap) => [swap.journal.store.name, swap]));
  await readArchive(
    file,
    async (header: Header) => {
      const name = header.name.replace(/\/$/, '');
      // The same archive a second time: a name the first reading did not
      // check (the file was swapped meanwhile) is never written.
      const entry = entries.get(name);
      const swap = byStore.get(storeOf(name) ?? '');
      if (!entry || !swap) throw new ArchiveRefusedError(`${name} steht nicht im Manifest`);
      return writeEntry(swap, entry);
    },
    key,
  );
  for (const swap of swaps) await settleStaging(swap, manifest);
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

function rootOf(manifest: Manifest, name: string) {
  const root = foldersOf(manifest, name).find((folder) => folder.path === storeRoot(name));
  return root && { mode: root.mode, uid: root.uid, gid: root.gid };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Puts every store back; a store that cannot be is left to the next restore or backup. */
async function rollBackAll(swaps: Swap[], cause: unknown): Promise<never> {
  const failures: string[] = [];
  for (const swap of swaps)
    await rollBackSwap(swap).catch((error: unknown) => failures.push(describe(error)));
  if (cause instanceof ArchiveRefusedError && failures.length === 0) throw cause;
  const after =
    failures.length === 0
      ? 'jeder Teil ist wie vorher'
      : `zurücksetzen scheiterte (${failures.join('; ')}): die nächste Sicherung oder ` +
        'Wiederherstellung setzt zurück';
  throw new Error(`Wiederherstellung abgebrochen (${describe(cause)}); ${after}.`);
}

async function swapAll(
  file: string,
  key: ArchiveKey | undefined,
  manifest: Manifest,
  held: Store[],
  step: StepHook,
): Promise<Swap[]> {
  const id = randomUUID();
  const journals = held.map((store) => swapOf(store, id).file);
  const swaps: Swap[] = [];
  try {
    for (const store of held) swaps.push(await beginSwap(store, id, journals));
    await stage(file, key, manifest, swaps);
    for (const swap of swaps) {
      const { name } = swap.journal.store;
      await step('staged', name);
      await moveAside(swap, () => step('aside', name));
      await moveIn(swap, rootOf(manifest, name), () => step('in', name));
    }
  } catch (error) {
    return rollBackAll(swaps, error);
  }
  return swaps;
}

/**
 * Checks the archive, refuses a store without a target (or of the wrong
 * kind) before anything is written, then restores every store it holds,
 * all or none.
 */
export async function restoreArchive(
  file: string,
  targets: Store[],
  step: StepHook = async () => undefined,
  /** The identity file for an encrypted archive. */
  key?: ArchiveKey,
): Promise<RestoreResult> {
  const manifest = await readArchive(file, undefined, key);
  const held = targetsFor(manifest, targets);
  const recovered = await recoverInterruptedRestores(targets);
  const swaps = await swapAll(file, key, manifest, held, step);
  // Committed once the first journal says so (restore-recovery.ts): from
  // here a failure is finished by the next restore or backup, never undone.
  for (const swap of swaps) {
    await writePhase(swap, 'committed');
    await step('committed', swap.journal.store.name);
  }
  for (const swap of swaps) {
    await clearSwap(swap);
    await step('cleared', swap.journal.store.name);
  }
  const names = new Set(held.map((store) => store.name));
  const untouched = targets.filter((t) => !names.has(t.name)).map((t) => t.name);
  return { manifest, untouched, recovered };
}
