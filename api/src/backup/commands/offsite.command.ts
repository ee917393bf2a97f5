// backup offsite and prune (docs/backup.md, "Ausser Haus mit rclone"): the
// archive create wrote last to BACKUP_REMOTE, checked against the SHA-256 it was
// written with (whoever swaps its bytes in BACKUP_DIR meanwhile sends nothing),
// and BACKUP_KEEP of the site's own kept there and here.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import {
  indexAsWritten,
  INDEX_NAME,
  writtenArchive,
  writtenIndexText,
} from '../archive/archive-index';
import { pruneArchives, surplusOf } from '../archive/retention';
import { recordCopied } from '../backup-heartbeat';
import { offsiteOf, sha256Of } from '../offsite/offsite-copy';
import { indexOf, knownOf, newestIn, type Call } from './call';
import { forgetLeftFailure } from './report.command';

export const describePruned = (removed: string[], keep: number) =>
  `${removed.length} alte(s) gelöscht (BACKUP_KEEP=${keep})`;

/**
 * BACKUP_DIR's index, verified: by its signature, or without the signing key (the off-site
 * container) as the copy create recorded in the project: one swapped in between is refused.
 */
const offsiteIndex = (call: Call) =>
  call.config.signingKey ? indexOf(call) : indexAsWritten(call.config.dir, call.project);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The archive create wrote last and the index, copied and checked there; then BACKUP_KEEP there, then here. */
export async function sendOffsite(call: Call): Promise<void> {
  const { config, print, project } = call;
  const { dir, remote } = config;
  await forgetLeftFailure(project);
  const { index, problem } = await offsiteIndex(call);
  const nothing = 'nichts ausser Haus kopiert, nichts gelöscht.';
  if (!index || !newestIn(index))
    throw new Error(`${problem ?? `Kein Archiv in ${dir}`}: ${nothing}`);
  if (!remote) return prune(call, index.names, newestIn(index));
  const written = await writtenArchive(project);
  const latest = written?.archive;
  if (!written || !latest || !index.names.has(latest))
    throw new Error(`Kein Archiv, das make backup hier schrieb, in ${INDEX_NAME}: ${nothing}`);
  if (!latest.endsWith('.age'))
    throw new Error(
      `${latest} ist nicht verschlüsselt: es bleibt hier, nur verschlüsselte gehen ausser Haus.`,
    );
  if ((await sha256Of(join(dir, latest))) !== written.sha256)
    throw new Error(`${latest} in ${dir} ist nicht mehr, wie make backup es schrieb: ${nothing}`);
  const offsite = offsiteOf(call.env, { ...config, remote });
  print(await offsite.push(join(dir, latest), written.sha256));
  const indexText = (await writtenIndexText(project)) ?? '';
  print(await offsite.push(join(dir, INDEX_NAME), sha256(indexText)));
  const old = surplusOf(await offsite.list(), config.keep, index.names, latest);
  if (old.length > 0) print(await offsite.remove(old));
  await prune(call, index.names, latest);
  await recordCopied(project, latest);
}

/** BACKUP_KEEP in BACKUP_DIR, never `newest`; prints a line only when it removed something. */
export async function prune(call: Call, known?: Set<string>, newest?: string): Promise<void> {
  const { dir, keep } = call.config;
  const removed = await pruneArchives(dir, keep, known ?? (await knownOf(call)), newest);
  if (removed.length > 0) call.print(`Hier: ${describePruned(removed, keep)} in ${dir}`);
}
