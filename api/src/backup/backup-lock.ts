// One command of the backup tool at a time (docs/backup.md): a backup that
// met a running restore would take the restore's journal for one cut short
// and undo it under its feet. Every command that reads or changes stores,
// archives or keys holds one lock in the project folder, which every
// container of the tool and the native tool share. A second command waits
// a bounded time, then stops with one line naming the holder.
// proper-lockfile's lock is a folder that its holder touches every few
// seconds: a holder that died (a power cut, the OOM killer) leaves one that
// goes stale and is taken over.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { lock } from 'proper-lockfile';
import { replaceFileDurably } from '../common/durable-file';

const LOCK = '.portfolio-backup.lock';
/** Who holds it, for the line of whoever waits: beside the lock, which must stay an empty folder. */
const HOLDER = '.portfolio-backup.lock.json';
/** Longer than any pause of a busy Pi's event loop; a dead holder's lock is free after it. */
const STALE_MS = 60_000;
const POLL_MS = 500;

/** Ten minutes: a restore or a backup of a large documents folder on a Pi. */
export const DEFAULT_WAIT_MS = 10 * 60_000;

export class LockBusyError extends Error {}

async function describeHolder(project: string): Promise<string> {
  const text = await readFile(join(project, HOLDER), 'utf8').catch(() => '{}');
  const { command, since, pid, host } = JSON.parse(text) as Record<string, string | undefined>;
  if (!command) return 'ein anderer Befehl des Sicherungswerkzeugs';
  return `„${command}“ (seit ${since}, Prozess ${pid} auf ${host})`;
}

async function acquire(project: string, waitMs: number): Promise<() => Promise<void>> {
  const deadline = Date.now() + waitMs;
  // A restore into a fresh project makes its folder anyway.
  await mkdir(project, { recursive: true });
  for (;;) {
    try {
      return await lock(project, {
        lockfilePath: join(project, LOCK),
        realpath: false,
        stale: STALE_MS,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (Date.now() >= deadline)
        throw new LockBusyError(
          `Gerade läuft ${await describeHolder(project)}: nach ${Math.round(waitMs / 1000)} s ` +
            'Warten abgebrochen, nichts verändert; später noch einmal.',
        );
      await sleep(POLL_MS);
    }
  }
}

/** Runs `work` holding the project's lock; `command` names it for anyone who waits. */
export async function withBackupLock<T>(
  project: string,
  command: string,
  waitMs: number,
  work: () => Promise<T>,
): Promise<T> {
  const release = await acquire(project, waitMs);
  const holder = { command, since: new Date().toISOString(), pid: process.pid, host: hostname() };
  try {
    await replaceFileDurably(join(project, HOLDER), `${JSON.stringify(holder)}\n`, { mode: 0o644 });
    return await work();
  } finally {
    await rm(join(project, HOLDER), { force: true });
    await release();
  }
}
