// The restore drill (make backup-check): the newest archive, checked whole
// against its manifest and its signature as a restore would (decrypted
// first when it is encrypted), without touching the site; too old counts as
// failed, because a nightly backup that stopped running is otherwise
// noticed only the day it is needed. So does a date in the future or one
// its name does not bear: an archive dated 2099 would otherwise stay the
// newest, and the drill green, for ever.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readArchive } from './archive-reader';
import type { ArchiveKey } from './archive-crypto';
import type { Trust } from './archive-signature';
import { ArchiveRefusedError, describeStores } from './backup-manifest';
import { CLOCK_SKEW_MS, ourArchives, takenAt } from './retention';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** An age in the largest whole unit that keeps it readable: minutes, hours, days. */
export function describeAge(ms: number): string {
  if (ms < 2 * HOUR) return `${Math.max(0, Math.round(ms / 60_000))} Minuten`;
  if (ms < 2 * DAY) return `${Math.round(ms / HOUR)} Stunden`;
  return `${Math.round(ms / DAY)} Tage`;
}

export interface DrillOptions {
  folder: string;
  /** Where the folder's archive came from, for the line (the remote). */
  source?: string;
  key?: ArchiveKey;
  trust: Trust;
  maxAgeMs: number;
  now?: Date;
}

/** The drill's one line when all is well; throws the one line of a failure. */
export async function drill({
  folder,
  source,
  key,
  trust,
  maxAgeMs,
  now = new Date(),
}: DrillOptions): Promise<string> {
  const where = source ?? folder;
  const newest = ourArchives(await readdir(folder)).at(-1);
  if (!newest) throw new Error(`Kein Archiv in ${where}: es gibt keine Sicherung zum Prüfen.`);
  const refuse = (reason: string) => new ArchiveRefusedError(`${newest} in ${where}: ${reason}`);
  const { manifest } = await readArchive(join(folder, newest), { key, trust }).catch(
    (error: unknown) => {
      throw error instanceof ArchiveRefusedError ? refuse(error.message) : error;
    },
  );
  const created = new Date(manifest.createdAt);
  // The name holds whole seconds of the same moment.
  if (Math.floor(created.getTime() / 1000) * 1000 !== takenAt(newest)?.getTime())
    throw refuse(`der Name trägt eine andere Zeit als das Manifest (${manifest.createdAt})`);
  const age = now.getTime() - created.getTime();
  if (age < -CLOCK_SKEW_MS) throw refuse(`datiert in der Zukunft (${manifest.createdAt})`);
  const what = `${newest} in ${where}, ${describeAge(age)} alt`;
  if (age > maxAgeMs)
    throw new Error(
      `Neuestes Archiv zu alt: ${what}, mehr als BACKUP_MAX_AGE (${describeAge(maxAgeMs)}); ` +
        'die nächtliche Sicherung oder ihre Kopie läuft nicht (make backup, crontab prüfen).',
    );
  return `Neuestes Archiv in Ordnung: ${what}: ${describeStores(manifest.stores)} Datei(en)`;
}
