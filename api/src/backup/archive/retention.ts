// Archive names and BACKUP_KEEP: portfolio-backup-<UTC time>[-n].tar.gz[.age].
// Only those the site knows it made count (archive-index.ts), and nothing else
// is ever removed. UTC, as a local time repeats an hour each autumn and would
// sort a newer archive before an older one.
import { readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';

const OURS = /^portfolio-backup-(\d{4}-\d{2}-\d{2}T\d{6}Z)(?:-(\d+))?\.tar\.gz(?:\.age)?$/;

/** 2026-11-25T021500Z: the time without colons (and milliseconds), which no file system minds. */
const stamp = (now: Date) => now.toISOString().replace(/:|\.\d{3}/g, '');

/** A name for an archive taken at `now`, numbered past all of that second: the newest sorts last. */
export async function archiveName(folder: string, now: Date, encrypted = false): Promise<string> {
  const taken = (await readdir(folder).catch(() => [] as string[]))
    .map((name) => OURS.exec(name))
    .filter((match) => match?.[1] === stamp(now))
    .map((match) => Number(match?.[2] ?? 1));
  const n = Math.max(0, ...taken) + 1;
  const name = `portfolio-backup-${stamp(now)}${n > 1 ? `-${n}` : ''}.tar.gz`;
  return join(folder, encrypted ? `${name}.age` : name);
}

/** Oldest first: by the time in the name, then by the number after it. */
function order(a: RegExpExecArray, b: RegExpExecArray): number {
  return a[1].localeCompare(b[1]) || Number(a[2] ?? 1) - Number(b[2] ?? 1);
}

/** Our archives among `names`, oldest first. */
export function ourArchives(names: string[]): string[] {
  return names
    .map((name) => OURS.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort(order)
    .map((match) => match[0]);
}

/** When an archive of ours was taken, from its name. */
export function takenAt(name: string): Date | undefined {
  const time = OURS.exec(name)?.[1];
  if (!time) return undefined;
  const [, date, h, m, s] = /^(.{10})T(\d\d)(\d\d)(\d\d)Z$/.exec(time) ?? [];
  return new Date(`${date}T${h}:${m}:${s}Z`);
}

/** A clock a little ahead of this one's (the Pi's, the laptop's) still counts as now. */
export const CLOCK_SKEW_MS = 5 * 60_000;

/** Whether a name bears its manifest's time, or none: an old archive renamed passes for new. */
export function namedAt(name: string, createdAt: string): boolean {
  const named = takenAt(basename(name));
  return named === undefined || Math.floor(Date.parse(createdAt) / 1000) * 1000 === named.getTime();
}

/** The oldest of the site's `known` archives among `names` beyond `keep`, never `newest`. */
export function surplusOf(names: string[], keep: number, known: Set<string>, newest?: string) {
  // Once each: a remote may list one name twice (Google Drive does).
  const ours = ourArchives([...new Set(names)]).filter((name) => known.has(name));
  const removable = ours.filter((name) => newest === undefined || name !== basename(newest));
  return removable.slice(0, Math.max(0, ours.length - keep));
}

/** Removes the site's oldest archives beyond `keep`; never `newest`, never another file. */
export async function pruneArchives(
  folder: string,
  keep: number,
  known: Set<string>,
  newest?: string,
): Promise<string[]> {
  const surplus = surplusOf(await readdir(folder), keep, known, newest);
  for (const name of surplus) await rm(join(folder, name), { force: true });
  return surplus;
}
