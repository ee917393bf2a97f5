// What a restore cut short (a power cut, a killed container) leaves behind
// is resolved by the next restore or backup before it does anything else,
// always the same way: once any store's journal says "committed", every
// store of that restore already holds its new contents, and the restore is
// finished (the old contents deleted); otherwise every store is put back
// as it was. Deciding from all journals of the restore at once keeps the
// stores alike: never some old and some new.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from './backup-stores';
import {
  clearSwap,
  homeOf,
  prefixOf,
  readJournal,
  rollBackSwap,
  writePhase,
  type Swap,
} from './restore-swap';

export interface Recovery {
  /** forward: the interrupted restore was finished; back: its stores are as before it. */
  outcome: 'forward' | 'back';
  stores: string[];
}

const JOURNAL = /^(.*\.portfolio-restore-)([0-9a-f-]+)-journal\.tmp$/;

/** The journals lying in a store's folder (or beside its file). */
async function journalsOf(store: Store): Promise<string[]> {
  const home = homeOf(store);
  const names = await readdir(home).catch(() => [] as string[]);
  return names
    .map((name) => JOURNAL.exec(name))
    .filter((match) => match !== null && match[0] === `${prefixOf(store, match[2])}-journal.tmp`)
    .map((match) => join(home, (match as RegExpExecArray)[0]));
}

async function resolve(swaps: Swap[]): Promise<Recovery> {
  const stores = swaps.map((swap) => swap.journal.store.name);
  if (swaps.some((swap) => swap.journal.phase === 'committed')) {
    // Every journal says so before any is removed, so a cut here decides alike.
    for (const swap of swaps) await writePhase(swap, 'committed');
    for (const swap of swaps) await clearSwap(swap);
    return { outcome: 'forward', stores };
  }
  for (const swap of swaps) await rollBackSwap(swap);
  return { outcome: 'back', stores };
}

/** Finds and resolves every interrupted restore that touched one of these stores. */
export async function recoverInterruptedRestores(stores: Store[]): Promise<Recovery[]> {
  const found = new Set<string>();
  for (const store of stores) for (const file of await journalsOf(store)) found.add(file);
  const recoveries: Recovery[] = [];
  const done = new Set<string>();
  for (const file of found) {
    if (done.has(file)) continue;
    const first = await readJournal(file);
    if (!first) continue;
    const all = await Promise.all(first.journal.journals.map((path) => readJournal(path)));
    const swaps = all.filter((swap): swap is Swap => swap !== undefined);
    for (const swap of swaps) done.add(swap.file);
    recoveries.push(await resolve(swaps));
  }
  return recoveries;
}

/** The owner's line about an interrupted restore that was resolved. */
export function describeRecovery({ outcome, stores }: Recovery): string {
  return outcome === 'forward'
    ? `Unterbrochene Wiederherstellung zu Ende geführt: ${stores.join(', ')} wie im Archiv.`
    : `Unterbrochene Wiederherstellung zurückgenommen: ${stores.join(', ')} wie vor ihr.`;
}
