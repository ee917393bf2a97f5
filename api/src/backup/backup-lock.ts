// One command of the backup tool at a time (docs/backup.md, "Eins nach dem
// anderen"): a backup meeting a restore would archive half-restored stores.
// Each working process holds flock(2) on one file of the project folder, one
// inode for the host and every container, freed only when the holder ends
// however long it stalls; a dead make shell leaves nothing unlocked (flock.ts).
import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { tryFlock } from '../common/flock';
import { handToOwnerOf } from '../files/file-ownership';
import { shown } from './backup-text';

/** Holds, besides the lock, one line naming its holder for whoever waits. */
export const LOCK_FILE = '.portfolio-backup.flock';
const POLL_MS = 500;

/** Another command held the lock for longer than this one would wait. */
export class LockBusyError extends Error {}

/** Ten minutes: a restore or a backup of a large documents folder on a Pi. */
export const DEFAULT_WAIT_MS = 10 * 60_000;

/** Opens the lock file, which the owner keeps (a root container hands it over). */
async function openLock(project: string): Promise<FileHandle> {
  const path = join(project, LOCK_FILE);
  // A restore into a fresh project makes its folder anyway.
  await mkdir(project, { recursive: true });
  const file = await open(path, 'a+', 0o600);
  await handToOwnerOf(path, project);
  return file;
}

async function waitFor(file: FileHandle, project: string, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (!(await tryFlock(file))) {
    if (Date.now() >= deadline) {
      const holder = (await readFile(join(project, LOCK_FILE), 'utf8')).trim();
      throw new LockBusyError(
        `Gerade läuft ${shown(holder) || 'ein anderer Befehl des Sicherungswerkzeugs'}: ` +
          `nach ${Math.round(waitMs / 1000)} s Warten abgebrochen, nichts verändert; später noch einmal.`,
      );
    }
    await sleep(POLL_MS);
  }
}

const holderLine = (command: string) =>
  `„${command}“ (seit ${new Date().toISOString()}, Prozess ${process.pid} auf ${hostname()})\n`;

/** Runs `work` holding the project's lock; `command` names the holder for whoever waits. */
export async function withBackupLock<T>(
  { project, command, waitMs }: { project: string; command: string; waitMs: number },
  work: () => Promise<T>,
): Promise<T> {
  const file = await openLock(project);
  try {
    await waitFor(file, project, waitMs);
    await file.truncate(0);
    await file.write(holderLine(command));
    return await work();
  } finally {
    await file.close();
  }
}
