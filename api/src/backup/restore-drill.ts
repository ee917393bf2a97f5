// The restore drill (make backup-check): the newest archive, checked whole
// against its manifest as a restore would (decrypted first when it is
// encrypted), without touching the site; too old counts as failed, because
// a nightly backup that stopped running is otherwise noticed only the day
// it is needed.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readArchive } from './archive-reader';
import type { ArchiveKey } from './archive-crypto';
import { ArchiveRefusedError, describeStores } from './backup-manifest';
import { ourArchives } from './retention';

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
  maxAgeMs: number;
  now?: Date;
}

/** The drill's one line when all is well; throws the one line of a failure. */
export async function drill({
  folder,
  source,
  key,
  maxAgeMs,
  now = new Date(),
}: DrillOptions): Promise<string> {
  const where = source ?? folder;
  const newest = ourArchives(await readdir(folder)).at(-1);
  if (!newest) throw new Error(`Kein Archiv in ${where}: es gibt keine Sicherung zum Prüfen.`);
  const manifest = await readArchive(join(folder, newest), undefined, key).catch(
    (error: unknown) => {
      if (error instanceof ArchiveRefusedError)
        throw new ArchiveRefusedError(`${newest} in ${where}: ${error.message}`);
      throw error;
    },
  );
  const age = now.getTime() - new Date(manifest.createdAt).getTime();
  const what = `${newest} in ${where}, ${describeAge(age)} alt`;
  if (age > maxAgeMs)
    throw new Error(
      `Neuestes Archiv zu alt: ${what}, mehr als BACKUP_MAX_AGE (${describeAge(maxAgeMs)}); ` +
        'die nächtliche Sicherung oder ihre Kopie läuft nicht (make backup, crontab prüfen).',
    );
  return `Neuestes Archiv in Ordnung: ${what}: ${describeStores(manifest.stores)} Datei(en)`;
}
