// One store's part in a restore (restore.ts): its new contents staged,
// its old ones moved aside, the new ones moved in, and either the old ones
// deleted (forward) or put back (back). A journal beside the store records
// the phase, so that after a power cut restore-recovery.ts can finish or
// undo the store without the archive. Everything lies in the store's own
// folder (a folder store, which may be a volume's mount point and stays)
// or beside the file (a file store), so every move is a rename on one file
// system. The names end in .tmp: a backup never takes them.
import { chmod, chown, mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { replaceFileDurably, syncToDisk } from '../common/durable-file';
import type { Store } from './backup-stores';

export type Phase = 'staging' | 'in' | 'committed';

export interface Journal {
  id: string;
  store: Pick<Store, 'name' | 'kind' | 'path'>;
  phase: Phase;
  /** Every journal of the same restore: recovery decides for all of them at once. */
  journals: string[];
  /** Whether the target existed before (a file store's file, a folder store's folder). */
  existed: boolean;
  /** A folder store's own mode and owner before the restore. */
  root?: { mode: number; uid: number; gid: number };
}

export interface Swap {
  journal: Journal;
  /** The journal's file. */
  file: string;
  /** The new contents: a folder inside the store's folder, or a file beside the store's file. */
  staging: string;
  /** The old contents while the new ones move in. */
  aside: string;
}

const asRoot = () => process.getuid?.() === 0;

/** The folder holding a store's restore files: its own folder, or the one its file lies in. */
export const homeOf = (store: Pick<Store, 'kind' | 'path'>) =>
  store.kind === 'folder' ? store.path : dirname(store.path);

/** Every restore file of one restore and store starts with this name. */
export function prefixOf(store: Pick<Store, 'kind' | 'path'>, id: string): string {
  const owner = store.kind === 'folder' ? '' : `.${basename(store.path)}`;
  return `${owner}.portfolio-restore-${id}`;
}

export function swapOf(
  store: Pick<Store, 'name' | 'kind' | 'path'>,
  id: string,
): Omit<Swap, 'journal'> {
  const base = join(homeOf(store), prefixOf(store, id));
  return { file: `${base}-journal.tmp`, staging: `${base}-new.tmp`, aside: `${base}-old.tmp` };
}

export async function readJournal(file: string): Promise<Swap | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const journal = JSON.parse(text) as Journal;
  return { journal, ...swapOf(journal.store, journal.id) };
}

export async function writePhase(swap: Swap, phase: Phase): Promise<void> {
  swap.journal.phase = phase;
  await replaceFileDurably(swap.file, `${JSON.stringify(swap.journal)}\n`, {
    temporary: `${swap.file}.next.tmp`,
  });
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Records the store's state before anything of it changes, and makes the staging folder. */
export async function beginSwap(store: Store, id: string, journals: string[]): Promise<Swap> {
  const paths = swapOf(store, id);
  const existed = await exists(store.path);
  let root: Journal['root'];
  if (store.kind === 'folder') {
    await mkdir(store.path, { recursive: true, mode: 0o700 });
    const { mode, uid, gid } = await stat(store.path);
    root = { mode: mode & 0o777, uid, gid };
  } else await mkdir(dirname(store.path), { recursive: true });
  const journal: Journal = {
    id,
    store: { name: store.name, kind: store.kind, path: store.path },
    phase: 'staging',
    journals,
    existed,
    root,
  };
  const swap = { journal, ...paths };
  await writePhase(swap, 'staging');
  if (store.kind === 'folder') await mkdir(swap.staging, { mode: 0o700 });
  return swap;
}

/** The store folder's entries that are its contents, not this restore's files. */
async function contentsOf(swap: Swap): Promise<string[]> {
  const prefix = prefixOf(swap.journal.store, swap.journal.id);
  return (await readdir(swap.journal.store.path)).filter((name) => !name.startsWith(prefix));
}

async function moveAll(from: string, to: string, names: string[], moved: () => Promise<void>) {
  for (const name of names) {
    await rename(join(from, name), join(to, name));
    await moved();
  }
  await syncToDisk(from);
  await syncToDisk(to);
}

async function setRoot(path: string, root: { mode: number; uid: number; gid: number }) {
  await chmod(path, root.mode);
  if (asRoot()) await chown(path, root.uid, root.gid);
}

/** Moves a folder store's old contents aside; a file store's old file moves in moveIn. */
export async function moveAside(swap: Swap, moved: () => Promise<void>): Promise<void> {
  if (swap.journal.store.kind === 'file') return;
  await mkdir(swap.aside, { mode: 0o700 });
  await moveAll(swap.journal.store.path, swap.aside, await contentsOf(swap), moved);
}

/** From here on the store holds new contents: the journal says so first. */
export async function moveIn(
  swap: Swap,
  newRoot: Journal['root'],
  moved: () => Promise<void>,
): Promise<void> {
  await writePhase(swap, 'in');
  const { path, kind } = swap.journal.store;
  if (kind === 'file') {
    if (swap.journal.existed) {
      await rename(path, swap.aside);
      await moved();
    }
    await rename(swap.staging, path);
    await moved();
    return syncToDisk(dirname(path));
  }
  if (newRoot) await setRoot(path, newRoot);
  await moveAll(swap.staging, path, await readdir(swap.staging), moved);
  await rmdir(swap.staging);
  await syncToDisk(path);
}

/** What is left of the restore in this store (the old contents once committed), its journal last. */
export async function clearSwap(swap: Swap): Promise<void> {
  await rm(swap.aside, { recursive: true, force: true });
  await rm(swap.staging, { recursive: true, force: true });
  await rm(`${swap.file}.next.tmp`, { force: true });
  await rm(swap.file, { force: true });
  await syncToDisk(homeOf(swap.journal.store));
}

/** Puts the store back as it was before the restore, whatever phase it reached. */
export async function rollBackSwap(swap: Swap): Promise<void> {
  const { journal } = swap;
  const { path, kind } = journal.store;
  if (kind === 'file') {
    if (journal.phase === 'in' && (await exists(swap.aside))) await rename(swap.aside, path);
    else if (journal.phase === 'in' && !journal.existed) await rm(path, { force: true });
    return clearSwap(swap);
  }
  if (journal.phase === 'in')
    for (const name of await contentsOf(swap))
      await rm(join(path, name), { recursive: true, force: true });
  if (await exists(swap.aside))
    await moveAll(swap.aside, path, await readdir(swap.aside), async () => undefined);
  if (journal.root) await setRoot(path, journal.root);
  await clearSwap(swap);
  if (!journal.existed) await rmdir(path).catch(() => undefined);
}
