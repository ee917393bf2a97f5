// A restore as one transaction over every store it replaces (docs/backup.md,
// "Wiederherstellen"); a running restore and the recovery of one cut short
// run the same code below. Each store has a journal beside it that says
// which phase it is in:
//   staging    its new contents are written into a staging folder (or file)
//              and its old ones moved aside; nothing of the store is new
//   in         the new contents move in
//   back       rolling back: the new contents are gone, the old ones move back
//   committed  every store holds its new contents; the old ones are deleted
// Every phase is on disk before the step it names begins, so a power cut at
// any point is resolved by the next command alike: once any journal of the
// restore says "committed" every store is finished forward, otherwise every
// store is put back. Everything lies in the store's own folder (which may be
// a volume's mount point and stays) or beside its file, so every move is a
// rename on one file system. The names end in .tmp: a backup never takes them.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { replaceFileDurably, syncToDisk } from '../common/durable-file';
import { giveBack, type Owner } from './file-owner';
import type { Store } from './backup-stores';

export type Phase = 'staging' | 'in' | 'back' | 'committed';

/** Called after every step that changed the disk: the tests' seam for a cut at each. */
export type Cut = (phase: Phase, store: string) => Promise<void>;

const noCut: Cut = async () => undefined;

type StoreRef = Pick<Store, 'name' | 'kind' | 'path'>;

interface Journal {
  id: string;
  store: StoreRef;
  phase: Phase;
  /** Every journal of the same restore: recovery decides for all of them at once. */
  journals: string[];
  /** Whether the target existed before (a file store's file, a folder store's folder). */
  existed: boolean;
  /** A folder store's own mode and owner before the restore. */
  root?: Owner;
}

/** One store's part in the transaction. */
export interface Swap {
  journal: Journal;
  file: string;
  /** The new contents: a folder inside the store's folder, or a file beside the store's file. */
  staging: string;
  /** The old contents while the new ones move in. */
  aside: string;
}

export interface Recovery {
  /** forward: the interrupted restore was finished; back: its stores are as before it. */
  outcome: 'forward' | 'back';
  stores: string[];
}

const JOURNAL_SUFFIX = '-journal.tmp';

/** The folder holding a store's restore files: its own folder, or the one its file lies in. */
const homeOf = (store: Pick<Store, 'kind' | 'path'>) =>
  store.kind === 'folder' ? store.path : dirname(store.path);

/** Every restore file of one store starts with this name (the id follows). */
function prefixOf(store: Pick<Store, 'kind' | 'path'>): string {
  const owner = store.kind === 'folder' ? '' : `.${basename(store.path)}`;
  return `${owner}.portfolio-restore-`;
}

function pathsOf(store: StoreRef, id: string): Omit<Swap, 'journal'> {
  const base = join(homeOf(store), `${prefixOf(store)}${id}`);
  return { file: `${base}${JOURNAL_SUFFIX}`, staging: `${base}-new.tmp`, aside: `${base}-old.tmp` };
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

async function writePhase(swap: Swap, phase: Phase): Promise<void> {
  swap.journal.phase = phase;
  await replaceFileDurably(swap.file, `${JSON.stringify(swap.journal)}\n`, {
    temporary: `${swap.file}.next.tmp`,
  });
}

async function readJournal(file: string): Promise<Swap | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const journal = JSON.parse(text) as Journal;
  const swap = { journal, ...pathsOf(journal.store, journal.id) };
  // A journal is trusted only where its own name says it lies.
  return swap.file === file ? swap : undefined;
}

/** The store folder's entries that are its contents, not this restore's files. */
async function contentsOf(swap: Swap): Promise<string[]> {
  const own = `${prefixOf(swap.journal.store)}${swap.journal.id}`;
  return (await readdir(swap.journal.store.path)).filter((name) => !name.startsWith(own));
}

async function moveAll(from: string, to: string, names: string[], moved: () => Promise<void>) {
  for (const name of names) {
    await rename(join(from, name), join(to, name));
    await moved();
  }
  await syncToDisk(from);
  await syncToDisk(to);
}

/**
 * Records every store's state before anything of it changes and makes its
 * staging folder; returns the swaps for the entries to be written into.
 */
export async function begin(stores: StoreRef[]): Promise<Swap[]> {
  const id = randomUUID();
  const journals = stores.map((store) => pathsOf(store, id).file);
  const swaps: Swap[] = [];
  for (const store of stores) {
    const existed = await exists(store.path);
    let root: Owner | undefined;
    if (store.kind === 'folder') {
      await mkdir(store.path, { recursive: true, mode: 0o700 });
      const { mode, uid, gid } = await stat(store.path);
      root = { mode: mode & 0o777, uid, gid };
    } else await mkdir(dirname(store.path), { recursive: true });
    const journal: Journal = { id, store, phase: 'staging', journals, existed, root };
    const swap = { journal, ...pathsOf(store, id) };
    swaps.push(swap);
    await writePhase(swap, 'staging');
    if (store.kind === 'folder') await mkdir(swap.staging, { mode: 0o700 });
  }
  return swaps;
}

/** Old contents aside, then (journal first) the staged ones in; `root`: the new folder's owner. */
async function swapIn(swap: Swap, root: Owner | undefined, cut: Cut): Promise<void> {
  const { path, kind, name } = swap.journal.store;
  const moved = () => cut(swap.journal.phase, name);
  if (kind === 'folder') {
    await mkdir(swap.aside, { mode: 0o700 });
    await moveAll(path, swap.aside, await contentsOf(swap), moved);
  }
  await writePhase(swap, 'in');
  await moved();
  if (kind === 'file') {
    if (swap.journal.existed) {
      await rename(path, swap.aside);
      await moved();
    }
    await rename(swap.staging, path);
    await moved();
    return syncToDisk(dirname(path));
  }
  if (root) await giveBack(path, root);
  await moveAll(swap.staging, path, await readdir(swap.staging), moved);
  await rmdir(swap.staging);
  await syncToDisk(path);
}

/** Moves every store's staged contents in; `rootOf` names a folder store's new mode and owner. */
export async function moveIn(
  swaps: Swap[],
  rootOf: (store: string) => Owner | undefined,
  cut: Cut = noCut,
): Promise<void> {
  for (const swap of swaps) await swapIn(swap, rootOf(swap.journal.store.name), cut);
}

/** What is left of the restore in this store (the old contents once committed), its journal last. */
async function clear(swap: Swap): Promise<void> {
  await rm(swap.aside, { recursive: true, force: true });
  await rm(swap.staging, { recursive: true, force: true });
  await rm(`${swap.file}.next.tmp`, { force: true });
  await rm(swap.file, { force: true });
  await syncToDisk(homeOf(swap.journal.store));
}

/** Every journal says "committed" before any is cleared, so a cut here decides alike. */
export async function commit(swaps: Swap[], cut: Cut = noCut): Promise<void> {
  for (const swap of swaps) {
    await writePhase(swap, 'committed');
    await cut('committed', swap.journal.store.name);
  }
  for (const swap of swaps) {
    await clear(swap);
    await cut('committed', swap.journal.store.name);
  }
}

/**
 * Puts one store back as it was. From "in", the new contents go first and
 * "back" is written before any old one returns, so that a second roll-back
 * never takes the old contents for new ones.
 */
async function rollBackOne(swap: Swap, cut: Cut): Promise<void> {
  const { journal } = swap;
  const { path, kind, name } = journal.store;
  const step = () => cut(journal.phase, name);
  if (journal.phase === 'in') {
    if (kind === 'folder')
      for (const entry of await contentsOf(swap)) {
        await rm(join(path, entry), { recursive: true, force: true });
        await step();
      }
    // A file store whose file is new: the old one (if any) waits aside.
    else if (journal.existed ? await exists(swap.aside) : true) await rm(path, { force: true });
    await writePhase(swap, 'back');
    await step();
  }
  if (await exists(swap.aside)) {
    if (kind === 'file') await rename(swap.aside, path);
    else await moveAll(swap.aside, path, await readdir(swap.aside), step);
    await step();
  }
  if (journal.root) await giveBack(path, journal.root);
  await clear(swap);
  if (!journal.existed && kind === 'folder') await rmdir(path).catch(() => undefined);
  await step();
}

/**
 * Puts every store back; a store that cannot be is left to the next
 * command, which finds its journal. Returns the failures, one line each.
 */
export async function rollBack(swaps: Swap[], cut: Cut = noCut): Promise<string[]> {
  const failures: string[] = [];
  for (const swap of swaps)
    await rollBackOne(swap, cut).catch((error: unknown) =>
      failures.push(error instanceof Error ? error.message : String(error)),
    );
  return failures;
}

/** The journals lying in a store's folder (or beside its file). */
async function journalsOf(store: Store): Promise<string[]> {
  const home = homeOf(store);
  const prefix = prefixOf(store);
  const names = await readdir(home).catch(() => [] as string[]);
  return names
    .filter((name) => name.startsWith(prefix) && name.endsWith(JOURNAL_SUFFIX))
    .map((name) => join(home, name));
}

/** Finds and resolves every interrupted restore that touched one of these stores. */
export async function recover(stores: Store[], cut: Cut = noCut): Promise<Recovery[]> {
  const found = new Set<string>();
  for (const store of stores) for (const file of await journalsOf(store)) found.add(file);
  const recoveries: Recovery[] = [];
  const done = new Set<string>();
  for (const file of found) {
    if (done.has(file)) continue;
    const first = await readJournal(file);
    if (!first) continue;
    const all = await Promise.all(first.journal.journals.map((path) => readJournal(path)));
    const swaps = all.filter((swap): swap is Swap => swap?.journal.id === first.journal.id);
    for (const swap of swaps) done.add(swap.file);
    const names = swaps.map((swap) => swap.journal.store.name);
    if (swaps.some((swap) => swap.journal.phase === 'committed')) {
      await commit(swaps, cut);
      recoveries.push({ outcome: 'forward', stores: names });
      continue;
    }
    const failures = await rollBack(swaps, cut);
    if (failures.length > 0) throw new Error(failures.join('; '));
    recoveries.push({ outcome: 'back', stores: names });
  }
  return recoveries;
}

/** The owner's line about an interrupted restore that was resolved. */
export function describeRecovery({ outcome, stores }: Recovery): string {
  return outcome === 'forward'
    ? `Unterbrochene Wiederherstellung zu Ende geführt: ${stores.join(', ')} wie im Archiv.`
    : `Unterbrochene Wiederherstellung zurückgenommen: ${stores.join(', ')} wie vor ihr.`;
}
