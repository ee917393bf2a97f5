// The restore drill (make backup-check): the newest archive, checked whole
// against its manifest and its signature as a restore would (decrypted first
// when it is encrypted), without touching the site; too old counts as
// failed, because a nightly backup that stopped running is otherwise noticed
// only the day it is needed. So does a date in the future or one its name
// does not bear: an archive dated 2099 would otherwise stay the newest, and
// the drill green, for ever. Each run also reads one older kept archive, the
// one read least recently (as restic's --read-data-subset spreads its
// reading), so every kept copy is read within BACKUP_KEEP runs; the project
// folder remembers when each was read last.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readArchive } from '../archive/archive-reader';
import type { ArchiveKey } from '../archive/archive-crypto';
import type { Trust } from '../archive/archive-signature';
import { ArchiveRefusedError, describeStores, parseJson, shown } from '../archive/backup-manifest';
import { CLOCK_SKEW_MS, namedAt, ourArchives } from '../archive/retention';
import { readState, writeState } from '../backup-lock';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** When each archive was read last (backup-lock.ts). */
const CHECKED = 'checked.json';

/** An age in the largest whole unit that keeps it readable: minutes, hours, days. */
export function describeAge(ms: number): string {
  if (ms < 2 * HOUR) return `${Math.max(0, Math.round(ms / 60_000))} Minuten`;
  if (ms < 2 * DAY) return `${Math.round(ms / HOUR)} Stunden`;
  return `${Math.round(ms / DAY)} Tage`;
}

type Checked = Record<string, string>;

const readChecked = async (project: string) =>
  parseJson<Checked>(await readState(project, CHECKED)) ?? {};

/**
 * The archives a drill reads among `names` (oldest first): the newest, and
 * of the others the one read least recently (never read first, then the oldest).
 */
export function drillPicks(names: string[], checked: Checked): string[] {
  const [newest, ...older] = [...names].reverse();
  if (newest === undefined) return [];
  const when = (name: string) => checked[name] ?? '';
  const next = older.reverse().sort((a, b) => when(a).localeCompare(when(b)))[0];
  return next === undefined ? [newest] : [newest, next];
}

/** The names a drill reads in `names`, as this project's record says; for make backup-check. */
export const picksFor = async (names: string[], project: string) =>
  drillPicks(names, await readChecked(project));

/** Reads one archive whole; throws its one line, naming it. */
async function checkOne(folder: string, name: string, where: string, options: DrillOptions) {
  const refuse = (reason: string) => new ArchiveRefusedError(`${name} in ${where}: ${reason}`);
  const { manifest } = await readArchive(join(folder, name), options).catch((error: unknown) => {
    throw error instanceof ArchiveRefusedError ? refuse(error.message) : error;
  });
  if (!namedAt(name, manifest.createdAt))
    throw refuse(`der Name trägt eine andere Zeit als das Manifest (${manifest.createdAt})`);
  const age = (options.now ?? new Date()).getTime() - Date.parse(manifest.createdAt);
  if (age < -CLOCK_SKEW_MS) throw refuse(`datiert in der Zukunft (${manifest.createdAt})`);
  return { manifest, age };
}

export interface DrillOptions {
  folder: string;
  /** Where the folder's archives came from, for the line (the remote). */
  source?: string;
  /** The site's archives (archive-index.ts); undefined: every name of our form. */
  known?: Set<string>;
  /** Where the record of what was read lies. */
  project: string;
  key?: ArchiveKey;
  trust: Trust;
  maxAgeMs: number;
  now?: Date;
}

/** The drill's lines when all is well; throws the one line of a failure. */
export async function drill(options: DrillOptions): Promise<string[]> {
  const { folder, source, known, project, maxAgeMs } = options;
  const where = source ?? folder;
  const names = ourArchives(await readdir(folder)).filter((name) => !known || known.has(name));
  const checked = await readChecked(project);
  const [newest, older] = drillPicks(names, checked);
  if (!newest) throw new Error(`Kein Archiv in ${where}: es gibt keine Sicherung zum Prüfen.`);
  const first = await checkOne(folder, newest, where, options);
  const what = `${newest} in ${where}, ${describeAge(first.age)} alt`;
  if (first.age > maxAgeMs)
    throw new Error(
      `Neuestes Archiv zu alt: ${what}, mehr als BACKUP_MAX_AGE (${describeAge(maxAgeMs)}); ` +
        'die nächtliche Sicherung oder ihre Kopie läuft nicht (make backup, crontab prüfen).',
    );
  const lines = [`Neuestes Archiv in Ordnung: ${what}: ${describeStores(first.manifest.stores)}`];
  if (older !== undefined) {
    const second = await checkOne(folder, older, where, options);
    lines.push(
      `Älteres Archiv in Ordnung: ${older}, ${describeAge(second.age)} alt: ${describeStores(second.manifest.stores)}`,
    );
  }
  const now = (options.now ?? new Date()).toISOString();
  const record = Object.fromEntries(
    [...Object.entries(checked), [newest, now], ...(older ? [[older, now]] : [])].filter(
      ([name]) => !known || known.has(name),
    ),
  ) as Checked;
  await writeState(project, CHECKED, `${JSON.stringify(record)}\n`);
  return lines;
}

/**
 * The line that fails the drill for names that look like archives but that
 * the site never made: someone else writes there, or the index was lost.
 */
export const describeUnknown = (names: string[], known: Set<string>, where: string) => {
  const unknown = ourArchives(names).filter((name) => !known.has(name));
  return unknown.length === 0
    ? []
    : [
        `Unbekannt in ${where}, nicht von dieser Website (nie gezählt, nie gelöscht): ` +
          `${unknown.map(shown).join(', ')}; wer schreibt dort? Eigene Archive übernimmt ` +
          'make backup-adopt, fremde löschen (docs/backup.md).',
      ];
};
