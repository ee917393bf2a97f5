// A restore cut short (a power cut, a dropped ssh session) leaves its
// staging or aside folder in each store it had not finished
// (restore-transaction.ts); the access store, named first, keeps its own
// until the whole restore has ended. The API does not start over such a
// store: its start tidies letter folders against the access store it finds,
// and what it wrote would be rolled back by the next recovery. The way out
// is the backup tool's (docs/backup.md, "Alles oder nichts"), never the
// API's start.
import { readdir } from 'node:fs/promises';
import { RESTORE_LEFTOVER } from './restore-transaction';

/** The first of `stores` (setting name and folder) that a restore has not finished. */
export async function unfinishedRestore(
  stores: Record<string, string>,
): Promise<string | undefined> {
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
