// backup offsite and prune (docs/backup.md, "Ausser Haus mit rclone"): the
// newest archive to BACKUP_REMOTE, and BACKUP_KEEP of the site's own kept there and here.
import { join } from 'node:path';
import { indexAsWritten, INDEX_NAME } from '../archive/archive-index';
import { pruneArchives, surplusOf } from '../archive/retention';
import { recordCopied } from '../backup-heartbeat';
import { offsiteOf } from '../offsite/offsite-copy';
import { indexOf, knownOf, newestIn, type Call } from './call';

export const describePruned = (removed: string[], keep: number) =>
  `${removed.length} alte(s) gelöscht (BACKUP_KEEP=${keep})`;

/**
 * BACKUP_DIR's index, verified: by its signature, or without the signing key (the off-site
 * container) as the copy create recorded in the project: one swapped in between is refused.
 */
const offsiteIndex = (call: Call) =>
  call.config.signingKey ? indexOf(call) : indexAsWritten(call.config.dir, call.project);

/** The newest archive and the index copied and checked there; then BACKUP_KEEP there, then here. */
export async function sendOffsite(call: Call): Promise<void> {
  const { config, print } = call;
  const { dir, remote } = config;
  const { index, problem } = await offsiteIndex(call);
  const newest = newestIn(index);
  if (!index || !newest)
    throw new Error(
      `${problem ?? `Kein Archiv in ${dir}`}: nichts ausser Haus kopiert, nichts gelöscht.`,
    );
  if (!remote) return prune(call, index.names, newest);
  if (!newest.endsWith('.age'))
    throw new Error(
      `${newest} ist nicht verschlüsselt: es bleibt hier, nur verschlüsselte gehen ausser Haus.`,
    );
  const offsite = offsiteOf(call.env, { ...config, remote });
  for (const file of [newest, INDEX_NAME]) print(await offsite.push(join(dir, file)));
  const old = surplusOf(await offsite.list(), config.keep, index.names, newest);
  if (old.length > 0) print(await offsite.remove(old));
  await prune(call, index.names, newest);
  await recordCopied(call.project, newest);
}

/** BACKUP_KEEP in BACKUP_DIR, never `newest`; prints a line only when it removed something. */
export async function prune(call: Call, known?: Set<string>, newest?: string): Promise<void> {
  const { dir, keep } = call.config;
  const removed = await pruneArchives(dir, keep, known ?? (await knownOf(call)), newest);
  if (removed.length > 0) call.print(`Hier: ${describePruned(removed, keep)} in ${dir}`);
}
