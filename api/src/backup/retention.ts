// Archive names and BACKUP_KEEP. An archive is ours when its whole name is
// portfolio-backup-<UTC time>[-n].tar.gz; anything else in BACKUP_DIR (the
// owner's copies, a log, foreign archives) is never removed. UTC, because a
// local time repeats an hour each autumn and would sort a newer archive
// before an older one.
import { access, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';

const PREFIX = 'portfolio-backup-';
const OURS = /^portfolio-backup-(\d{4}-\d{2}-\d{2}T\d{6}Z)(?:-(\d+))?\.tar\.gz$/;

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
}

/** A free name for an archive taken at `now`; a second one in the same second gets -2, -3 … */
export async function archiveName(folder: string, now: Date): Promise<string> {
  for (let n = 1; ; n += 1) {
    const path = join(folder, `${PREFIX}${stamp(now)}${n > 1 ? `-${n}` : ''}.tar.gz`);
    const taken = await access(path).then(
      () => true,
      () => false,
    );
    if (!taken) return path;
  }
}

/** Oldest first: by the time in the name, then by the number after it. */
function order(a: RegExpExecArray, b: RegExpExecArray): number {
  return a[1].localeCompare(b[1]) || Number(a[2] ?? 1) - Number(b[2] ?? 1);
}

/** Removes our oldest archives beyond `keep`; never `newest`, never another file. Returns the removed names. */
export async function pruneArchives(
  folder: string,
  keep: number,
  newest: string,
): Promise<string[]> {
  const ours = (await readdir(folder))
    .map((name) => OURS.exec(name))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort(order);
  const removable = ours.map((match) => match[0]).filter((name) => name !== basename(newest));
  const surplus = removable.slice(0, Math.max(0, ours.length - keep));
  for (const name of surplus) await rm(join(folder, name), { force: true });
  return surplus;
}
