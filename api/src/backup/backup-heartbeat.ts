// The newest archive as the running API sees it (docs/backup.md, "Jede Nacht,
// jede Woche"): its name and time in the access store, so the API mails the
// owner once it is older than BACKUP_MAX_AGE (backup-watch.service.ts): a lost
// crontab is said too, which no failing command would say.
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../common/durable-file';
import { handToOwnerOf } from '../common/file-owner';
import { parseJson } from './archive/backup-manifest';

export const HEARTBEAT = 'backup-heartbeat.json';

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
