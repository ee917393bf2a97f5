// The last complete night as the running API sees it (docs/backup.md, "Jede
// Nacht, jede Woche"): its archive's name and time in the access store, so the
// API mails the owner once it is older than BACKUP_MAX_AGE (backup-watch.service.ts):
// a lost crontab is said too, which no failing command would say. With
// BACKUP_REMOTE a night is complete once its archive is copied off-site: under
// Docker that is another container, so create leaves the night in the tool's
// state folder, the off-site step records what it copied, and `backup report`
// writes the heartbeat when both name the same archive.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../files/durable-file';
import { handToOwnerOf } from '../files/file-ownership';
import { parseJson } from './backup-text';
import { forgetState, readState, writeState } from './backup-state';

export const HEARTBEAT = 'backup-heartbeat.json';
/** In the tool's state folder: the night waiting for its copy, and the archive copied last. */
const NIGHT = 'night.json';
const COPIED = 'copied.txt';

/** An archive's name, and when it was made (ISO 8601). */
export type Heartbeat = { archive: string; at: string };

/**
 * Records `archive`, made at `at`, in the access store `accessDir`; on a site never started
 * the store is made, owner-only, so the API's watch finds this night once it starts.
 */
export async function writeHeartbeat(accessDir: string, heartbeat: Heartbeat): Promise<void> {
  const path = join(accessDir, HEARTBEAT);
  await mkdir(accessDir, { recursive: true, mode: 0o700 });
  await replaceFileDurably(path, `${JSON.stringify(heartbeat)}\n`);
  await handToOwnerOf(path, accessDir);
}

/** The newest archive recorded in `accessDir`, or undefined (none yet, or unreadable). */
export async function readHeartbeat(accessDir: string): Promise<Heartbeat | undefined> {
  const text = await readFile(join(accessDir, HEARTBEAT), 'utf8').catch(() => undefined);
  const value = parseJson<Heartbeat>(text);
  const valid = typeof value?.archive === 'string' && !Number.isNaN(Date.parse(value.at));
  return valid ? value : undefined;
}

/** The night's archive, complete once its off-site copy is recorded (nightCopied). */
export const awaitCopy = (project: string, night: Heartbeat) =>
  writeState(project, NIGHT, `${JSON.stringify(night)}\n`);

/** The off-site step's record of the archive it copied and checked. */
export const recordCopied = (project: string, archive: string) =>
  writeState(project, COPIED, `${archive}\n`);

/** The night left waiting, taken from the state folder, and whether its copy was recorded. */
export async function takeNight(project: string) {
  const night = parseJson<Heartbeat>(await readState(project, NIGHT));
  const copied = (await readState(project, COPIED))?.trim();
  await forgetState(project, NIGHT);
  return night?.archive ? { night, copied: copied === night.archive } : undefined;
}
