// Restore: the whole archive checked first (manifest, every file, origin),
// every store it holds given a target of its kind with room on its disk, then
// one transaction (restore-transaction.ts) stages the new contents
// (restore-staging.ts), moves them in and commits, or puts every store back.
import { readArchive, type ArchiveRead } from '../archive/archive-reader';
import type { ArchiveKey } from '../archive/archive-crypto';
import type { Trust } from '../archive/archive-signature';
import { checkRestoreRoom } from '../archive/archive-size';
import {
  ArchiveRefusedError,
  messageOf,
  storeRoot,
  type Manifest,
} from '../archive/backup-manifest';
import { UsageError } from '../../common/owner-command';
import type { Store } from '../backup-stores';
import { foldersOf, stage } from './restore-staging';
import {
  begin,
  commit,
  moveIn,
  rollBack,
  tidyJournals,
  type Cut,
  type Swap,
} from './restore-transaction';

export interface RestoreOptions {
  key?: ArchiveKey;
  trust: Trust;
  /** The tool's folder of journals (restore-transaction.ts, JOURNALS). */
  journals: string;
  /** The tests' seam for a cut after any step. */
  cut?: Cut;
  /** Refuses what the archive says of itself before anything is written (its name's time). */
  accept?: (manifest: Manifest) => void;
  /** The tests' seam for a file system that folds names (restore-staging.ts). */
  folds?: (folder: string) => Promise<boolean>;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Targets the archive holds nothing for; they were left as they were. */
  untouched: string[];
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
async function transact(
  file: string,
  first: ArchiveRead,
  held: Store[],
  { key, cut, journals, folds }: RestoreOptions,
): Promise<void> {
  let swaps: Swap[] = [];
  try {
    swaps = await begin(held, journals);
    await stage(file, key, first, swaps, folds);
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

/** Checks the archive and the targets before anything is written, then restores all or none. */
export async function restoreArchive(
  file: string,
  targets: Store[],
  options: RestoreOptions,
): Promise<RestoreResult> {
  const first = await readArchive(file, options);
  options.accept?.(first.manifest);
  const held = targetsFor(first.manifest, targets);
  await checkRestoreRoom(first.manifest, held);
  await transact(file, first, held, options);
  const names = new Set(held.map((store) => store.name));
  const untouched = targets.filter((t) => !names.has(t.name)).map((t) => t.name);
  return { manifest: first.manifest, untouched };
}
