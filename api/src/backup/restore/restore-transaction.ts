// A restore as one transaction over every store it replaces (docs/backup.md,
// "Alles oder nichts"), run alike by a restore and the recovery of one cut
// short. Each store's journal holds its phase, on disk before the step: staging
// (new contents staged, old ones set aside), in (new ones moving in), back (new
// ones gone, old ones moving back), committed (old ones deleted). Once any says
// "committed" every store goes forward, else back. Staging and aside lie beside
// the store's contents, so every move is a rename. The journals lie beside the
// lock, never in a store the API's user may write, and recovery acts only on
// journals of this command's stores, exactly.
import { randomUUID } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { replaceFileDurably, syncToDisk } from '../../files/durable-file';
import { giveBack, type Owner } from '../../files/file-ownership';
import type { Store } from '../backup-stores';
import { unlessGone } from '../archive/backup-failure';
import { parseJson, shown } from '../backup-text';

export const JOURNALS = '.portfolio-backup.journals';
const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A journal's name: the restore's id and the store's name. */
const JOURNAL_NAME = new RegExp(`^(${ID})-([a-z][a-z0-9-]*)\\.json$`);
/** A folder store's staging or aside folder: while either lies in a store, its restore is unfinished. */
const RESTORE_LEFTOVER = new RegExp(`^\\.portfolio-restore-${ID}-(new|old)\\.tmp$`);

export type Phase = 'staging' | 'in' | 'back' | 'committed';
/** Called after every step that changed the disk: the tests' seam for a cut at each. */
export type Cut = (phase: Phase, store: string) => Promise<void>;
/** forward: an interrupted restore was finished; back: its stores are as before it. */
type Recovery = { outcome: 'forward' | 'back'; stores: string[] };
type StoreRef = Pick<Store, 'name' | 'kind' | 'path'>;

interface Journal {
  id: string;
  store: StoreRef;
  phase: Phase;
  /** Whether the store's file or folder existed before; a folder's own mode and owner. */
  existed: boolean;
  root?: Owner;
}

/** One store's part: its journal, its staged new contents and its old ones set aside. */
export type Swap = { journal: Journal; file: string; staging: string; aside: string };

const noCut: Cut = async () => undefined;
const homeOf = (store: Pick<Store, 'kind' | 'path'>) =>
  store.kind === 'folder' ? store.path : dirname(store.path);
const prefixOf = (store: Pick<Store, 'kind' | 'path'>) =>
  `${store.kind === 'folder' ? '' : `.${basename(store.path)}`}.portfolio-restore-`;
const exists = (path: string) => stat(path).then(Boolean, () => false);

function swapOf(journal: Journal, journals: string): Swap {
  const base = join(homeOf(journal.store), `${prefixOf(journal.store)}${journal.id}`);
  return {
    journal,
    file: join(journals, `${journal.id}-${journal.store.name}.json`),
    staging: `${base}-new.tmp`,
    aside: `${base}-old.tmp`,
  };
}

async function writePhase(swap: Swap, phase: Phase): Promise<void> {
  swap.journal.phase = phase;
  // A power cut between writing and renaming the next journal leaves it behind.
  await rm(`${swap.file}.next.tmp`, { force: true });
  const text = `${JSON.stringify(swap.journal)}\n`;
  await replaceFileDurably(swap.file, text, { temporary: `${swap.file}.next.tmp` });
}

const PHASES = new Set<unknown>(['staging', 'in', 'back', 'committed']);

/** The journal `name`, if this tool's for one of `stores` (name, kind and path); else throws. */
async function readJournal(journals: string, name: string, stores: Store[]): Promise<Swap> {
  const [, id, storeName] = JOURNAL_NAME.exec(name) ?? [];
  const store = stores.find((one) => one.name === storeName);
  const text = await readFile(join(journals, name), 'utf8').catch(() => '');
  const journal = parseJson<Journal>(text);
  const { kind, path } = store ?? {};
  if (
    !store ||
    journal?.id !== id ||
    JSON.stringify(journal.store) !== JSON.stringify({ name: storeName, kind, path }) ||
    !PHASES.has(journal.phase)
  )
    throw new Error(
      `${shown(join(journals, name))}: kein Journal dieses Befehls für seine Speicher; ` +
        'nichts verändert (ein Journal von make restore-local gehört zu make restore-local).',
    );
  return swapOf(journal, journals);
}

/** The store's contents where it lives: its folder's entries, or its file (if there). */
async function contentsOf({ journal }: Swap): Promise<string[]> {
  const { kind, path } = journal.store;
  if (kind === 'file') return (await exists(path)) ? [basename(path)] : [];
  const own = `${prefixOf(journal.store)}${journal.id}`;
  return (await readdir(path)).filter((name) => !name.startsWith(own));
}

/** Where the store's root goes in its staging: the staging folder itself, or its file there. */
export const stagedRoot = ({ journal, staging }: Swap) =>
  journal.store.kind === 'folder' ? staging : join(staging, basename(journal.store.path));

async function moveAll(from: string, to: string, names: string[], moved: () => Promise<void>) {
  for (const name of names) {
    await rename(join(from, name), join(to, name));
    await moved();
  }
  await syncToDisk(from);
  await syncToDisk(to);
}

/** Records every store's state before anything of it changes, and makes its staging folder. */
export async function begin(stores: StoreRef[], journals: string): Promise<Swap[]> {
  const base = { id: randomUUID(), phase: 'staging' as Phase, existed: false };
  const swaps = stores.map(({ name, kind, path }) =>
    swapOf({ ...base, store: { name, kind, path } }, journals),
  );
  await mkdir(journals, { recursive: true, mode: 0o700 });
  for (const swap of swaps) {
    const { store } = swap.journal;
    swap.journal.existed = await exists(store.path);
    if (store.kind === 'folder') {
      await mkdir(store.path, { recursive: true, mode: 0o700 });
      const { mode, uid, gid } = await stat(store.path);
      swap.journal.root = { mode: mode & 0o777, uid, gid };
    } else await mkdir(dirname(store.path), { recursive: true });
    await writePhase(swap, 'staging');
    await mkdir(swap.staging, { mode: 0o700 });
  }
  return swaps;
}

/** Old contents aside, then (journal first) the staged ones in; `root`: the new folder's owner. */
async function swapIn(swap: Swap, root: Owner | undefined, cut: Cut): Promise<void> {
  const home = homeOf(swap.journal.store);
  const moved = () => cut(swap.journal.phase, swap.journal.store.name);
  await mkdir(swap.aside, { mode: 0o700 });
  await moveAll(home, swap.aside, await contentsOf(swap), moved);
  await writePhase(swap, 'in');
  await moved();
  if (root) await giveBack(home, root);
  await moveAll(swap.staging, home, await readdir(swap.staging), moved);
}

/** Moves every store's staged contents in; `rootOf` names a folder store's new mode and owner. */
export async function moveIn(
  swaps: Swap[],
  rootOf: (store: string) => Owner | undefined,
  cut = noCut,
) {
  for (const swap of swaps) await swapIn(swap, rootOf(swap.journal.store.name), cut);
}

/** What is left of the restore in this store (the old contents once committed), its journal last. */
async function clear(swap: Swap): Promise<void> {
  for (const path of [swap.aside, swap.staging, `${swap.file}.next.tmp`, swap.file])
    await rm(path, { recursive: true, force: true });
  await syncToDisk(homeOf(swap.journal.store));
}

/** All journals "committed" before any is cleared, last first: access stays unfinished to the end. */
export async function commit(swaps: Swap[], cut = noCut): Promise<void> {
  for (const [step, order] of [
    [(swap: Swap) => writePhase(swap, 'committed'), swaps],
    [clear, [...swaps].reverse()],
  ] as const)
    for (const swap of order) {
      await step(swap);
      await cut('committed', swap.journal.store.name);
    }
}

/** Puts one store back. From "in", the new contents go and "back" is written before any old one returns. */
async function rollBackOne(swap: Swap, cut: Cut): Promise<void> {
  const { journal } = swap;
  const home = homeOf(journal.store);
  const step = () => cut(journal.phase, journal.store.name);
  if (journal.phase === 'in') {
    for (const entry of await contentsOf(swap)) {
      await rm(join(home, entry), { recursive: true, force: true });
      await step();
    }
    await writePhase(swap, 'back');
    await step();
  }
  // Only the folder this restore made: never one a link leads to.
  if ((await lstat(swap.aside).catch(() => undefined))?.isDirectory())
    await moveAll(swap.aside, home, await readdir(swap.aside), step);
  if (journal.root) await giveBack(home, journal.root);
  await clear(swap);
  if (!journal.existed && journal.store.kind === 'folder') await rmdir(home).catch(() => undefined);
  await step();
}

/** Puts every store back; returns what failed (the next command finds its journal). */
export async function rollBack(swaps: Swap[], cut = noCut): Promise<string[]> {
  const failures: string[] = [];
  for (const swap of [...swaps].reverse())
    await rollBackOne(swap, cut).catch((error: Error) => failures.push(error.message));
  return failures;
}

/** Removes the journals' folder once it is empty, so a later run as another user finds none. */
export const tidyJournals = (journals: string) => rmdir(journals).catch(() => undefined);

/** Finds and resolves every interrupted restore of these stores. */
export async function recover(stores: Store[], journals: string, cut = noCut): Promise<Recovery[]> {
  const names = (await unlessGone(readdir(journals))) ?? [];
  // A cut while the first journal of a store was written leaves only its next
  // version, before anything of that store moved: nothing to undo, only to clear.
  for (const name of names.filter((one) => one.endsWith('.json.next.tmp')))
    if (!names.includes(name.slice(0, -'.next.tmp'.length)))
      await rm(join(journals, name), { force: true });
  const byRestore = new Map<string, Swap[]>();
  const named = (swap: Swap) => stores.findIndex((store) => store.name === swap.journal.store.name);
  for (const name of names.filter((one) => !one.endsWith('.tmp'))) {
    const swap = await readJournal(journals, name, stores);
    const swaps = [...(byRestore.get(swap.journal.id) ?? []), swap];
    byRestore.set(
      swap.journal.id,
      swaps.sort((a, b) => named(a) - named(b)),
    );
  }
  const recoveries: Recovery[] = [];
  for (const swaps of byRestore.values()) {
    const names = swaps.map((swap) => swap.journal.store.name);
    if (swaps.some((swap) => swap.journal.phase === 'committed')) {
      await commit(swaps, cut);
      recoveries.push({ outcome: 'forward', stores: names });
    } else {
      const failures = await rollBack(swaps, cut);
      if (failures.length > 0) throw new Error(failures.join('; '));
      recoveries.push({ outcome: 'back', stores: names });
    }
  }
  await tidyJournals(journals);
  return recoveries;
}

export const describeRecovery = ({ outcome, stores }: Recovery) =>
  outcome === 'forward'
    ? `Unterbrochene Wiederherstellung zu Ende geführt: ${stores.map(shown).join(', ')} wie im Archiv.`
    : `Unterbrochene Wiederherstellung zurückgenommen: ${stores.map(shown).join(', ')} wie vor ihr.`;

/** The first of `stores` a restore has not finished: the API does not start over it. */
export async function unfinishedRestore(stores: Record<string, string>) {
  for (const [setting, folder] of Object.entries(stores)) {
    const names = await readdir(folder).catch(() => [] as string[]);
    if (names.some((name) => RESTORE_LEFTOVER.test(name))) return `${setting} (${folder})`;
  }
  return undefined;
}

/** The API's one line, in German and English: what is unfinished and both ways out. */
export const describeUnfinishedRestore = (store: string) =>
  `${store}: eine Wiederherstellung wurde unterbrochen / a restore was cut short. ` +
  'Dieselbe noch einmal / run it again: make restore FILE=… (ohne Docker / without Docker: ' +
  'make restore-local FILE=…), oder zurücknehmen / or roll it back: make restore-recover ' +
  '(make restore-recover-local); die Website startet erst danach / the site starts after that.';
