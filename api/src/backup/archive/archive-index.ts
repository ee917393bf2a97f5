// Which archives the site made (docs/backup.md, "Wie viele Archive bleiben").
// BACKUP_KEEP counts, and pruning deletes, only archives named in a valid
// index, never a name that merely looks like one: planted in BACKUP_DIR or
// on the remote, such names would otherwise push the site's own copies out.
// Without a valid index nothing found beside it counts, only the archive a
// backup has just made; `backup adopt` takes older ones back in once each
// has proved itself the site's. The index lies in BACKUP_DIR and beside the
// copies at the remote, signed with BACKUP_SIGNING_KEY; a copy counts only
// when its signature verifies with the site's key; without a key only the
// one in BACKUP_DIR counts, the Pi's own file. Each write raises its
// sequence, and the project folder remembers the highest it has seen, so an
// older signed index put back in place of a newer one is refused.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../../common/durable-file';
import { handToOwnerOf } from '../../common/file-owner';
import { MAX_KEPT_ARCHIVES } from '../../config/backup-readers';
import { publicKeyOf, signBytes, verifies, type Signature } from './archive-signature';
import { readState, writeState } from '../backup-lock';
import { parseJson } from './backup-manifest';
import { ourArchives } from './retention';

export const INDEX_NAME = 'portfolio-backup-index.json';
const FORMAT = 'portfolio-backup-index';
/** The highest sequence of an index this project has read or written (backup-lock.ts). */
const SEEN = 'index-sequence';

interface IndexFile {
  format: typeof FORMAT;
  /** Absent in an index written before sequences: it counts as 0. */
  sequence?: number;
  archives: string[];
  signature?: Signature;
}

export interface ArchiveIndex {
  names: Set<string>;
  sequence: number;
}

/** The signed bytes; an index from before sequences signed its names alone. */
const signed = (archives: string[], sequence: number) =>
  Buffer.from(JSON.stringify(sequence === 0 ? archives : { sequence, archives }));

/** For the one reader that holds no key and takes BACKUP_DIR's index as written (the off-site step). */
export const UNCHECKED = Symbol('signature not checked');

/**
 * The index file in `folder`, if it is one and counts: its signature
 * verifies with `publicKey`, or (no key) it has none.
 */
export async function readIndex(
  folder: string,
  publicKey: string | undefined | typeof UNCHECKED,
): Promise<ArchiveIndex | undefined> {
  const text = await readFile(join(folder, INDEX_NAME), 'utf8').catch(() => undefined);
  const index = parseJson<Partial<IndexFile>>(text);
  const { archives, signature, sequence = 0 } = index ?? {};
  if (index?.format !== FORMAT || !Array.isArray(archives)) return undefined;
  if (!isSequence(sequence)) return undefined;
  if (ourArchives(archives).length !== archives.length) return undefined;
  const counts =
    publicKey === UNCHECKED ||
    (publicKey
      ? signature !== undefined && verifies(signed(archives, sequence), signature, publicKey)
      : signature === undefined);
  return counts ? { names: new Set(archives), sequence } : undefined;
}

/** A sequence this tool could have written: a planted huge one would stop every later index. */
const isSequence = (value: unknown): value is number =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) < 2 ** 40;

async function seenSequence(project: string): Promise<number> {
  const seen = Number((await readState(project, SEEN)) ?? 0);
  return isSequence(seen) ? seen : 0;
}

async function recordSeen(project: string, sequence: number): Promise<void> {
  if (sequence > (await seenSequence(project))) await writeState(project, SEEN, `${sequence}\n`);
}

/** Why an index does not count although it verifies, or undefined when it does. */
export async function staleness(index: ArchiveIndex, project: string, where: string) {
  const seen = await seenSequence(project);
  if (index.sequence >= seen) return undefined;
  return (
    `${INDEX_NAME} in ${where} ist älter (Folge ${index.sequence}) als eines, das hier schon ` +
    `gelesen wurde (Folge ${seen})`
  );
}

/** The index in `folder` when it verifies and is not older than one seen before; else why not. */
export async function currentIndex(
  folder: string,
  publicKey: string | undefined,
  project: string,
  where = folder,
): Promise<{ index?: ArchiveIndex; problem?: string }> {
  const index = await readIndex(folder, publicKey);
  if (!index) return { problem: `Kein gültiges ${INDEX_NAME} in ${where}` };
  const problem = await staleness(index, project, where);
  if (problem) return { problem };
  await recordSeen(project, index.sequence);
  return { index };
}

/**
 * Writes the index of `names` (the newest MAX_KEPT_ARCHIVES) into BACKUP_DIR
 * with a sequence above every one seen, signed when a key is set. A failed
 * write fails the command in one line naming the archive it was to list.
 */
export async function writeIndex(
  backupDir: string,
  names: Set<string>,
  { signingKey, project, archive }: { signingKey?: string; project: string; archive: string },
): Promise<ArchiveIndex> {
  const archives = ourArchives([...names]).slice(-MAX_KEPT_ARCHIVES);
  const path = join(backupDir, INDEX_NAME);
  // Only a sequence that verifies counts: a planted one could not push ours out of range.
  const before = await readIndex(backupDir, signingKey ? publicKeyOf(signingKey) : undefined);
  const sequence = Math.max(await seenSequence(project), before?.sequence ?? 0) + 1;
  const signature = signingKey ? signBytes(signed(archives, sequence), signingKey) : undefined;
  const index: IndexFile = { format: FORMAT, sequence, archives, ...(signature && { signature }) };
  try {
    await replaceFileDurably(path, `${JSON.stringify(index, null, 1)}\n`);
    await handToOwnerOf(path, backupDir);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new Error(
      `${INDEX_NAME} in ${backupDir} liess sich nicht schreiben (${reason}): ${archive} liegt ` +
        'dort, zählt aber nicht; nichts gelöscht. Platz und Rechte prüfen, dann make backup.',
      { cause: error },
    );
  }
  await recordSeen(project, sequence);
  return { names: new Set(archives), sequence };
}
