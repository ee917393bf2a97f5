// Which archives the site made (docs/backup.md, "Wie viele Archive bleiben"):
// BACKUP_KEEP counts, and pruning deletes, only names in a valid index, never
// ones planted beside them. The index lies in BACKUP_DIR and at the remote,
// signed with BACKUP_SIGNING_KEY; each write raises its sequence, and the
// project remembers the highest seen, so an older index put back is refused.
// The project also keeps a copy of the index it wrote last: the steps that hold
// no key (the off-site container, the drill of an unsigned remote) take an
// index only when it is that one, byte for byte.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../../files/durable-file';
import { handToOwnerOf } from '../../files/file-ownership';
import { MAX_KEPT_ARCHIVES } from '../../config/backup-readers';
import { publicKeyOf, signBytes, verifies, type Signature } from './archive-signature';
import { readState, writeState } from '../backup-state';
import { parseJson } from '../backup-text';
import { ourArchives } from './retention';

export const INDEX_NAME = 'portfolio-backup-index.json';
const FORMAT = 'portfolio-backup-index';
/** The highest sequence of an index this project has read or written (backup-state.ts). */
const SEEN = 'index-sequence';
/** The index this project wrote last, as written (backup-state.ts). */
const WRITTEN = 'index-written.json';

interface IndexFile {
  format: typeof FORMAT;
  /** Absent in an index written before sequences: it counts as 0. */
  sequence?: number;
  archives: string[];
  signature?: Signature;
}

export type ArchiveIndex = { names: Set<string>; sequence: number };

/** The signed bytes; an index from before sequences signed its names alone. */
const signed = (archives: string[], sequence: number) =>
  Buffer.from(JSON.stringify(sequence === 0 ? archives : { sequence, archives }));

/** For the off-site step, which holds no key and takes BACKUP_DIR's index as written. */
export const UNCHECKED = Symbol('signature not checked');

/** The index in `folder` if it counts: signed by `publicKey`, or (no key) not signed. */
export async function readIndex(
  folder: string,
  publicKey: string | undefined | typeof UNCHECKED,
): Promise<ArchiveIndex | undefined> {
  const text = await readFile(join(folder, INDEX_NAME), 'utf8').catch(() => undefined);
  return parseIndex(text, publicKey);
}

function parseIndex(
  text: string | undefined,
  publicKey: string | undefined | typeof UNCHECKED,
): ArchiveIndex | undefined {
  const index = parseJson<Partial<IndexFile>>(text);
  const { archives, signature, sequence = 0 } = index ?? {};
  const valid = index?.format === FORMAT && Array.isArray(archives) && isSequence(sequence);
  if (!valid || ourArchives(archives).length !== archives.length) return undefined;
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

/** The index in `folder` when it verifies and is not older than one seen before; else why not. */
export async function currentIndex(
  folder: string,
  publicKey: string | undefined,
  project: string,
  where = folder,
): Promise<{ index?: ArchiveIndex; problem?: string }> {
  const index = await readIndex(folder, publicKey);
  if (!index) return { problem: `Kein gültiges ${INDEX_NAME} in ${where}` };
  const seen = await seenSequence(project);
  if (index.sequence < seen) {
    const read = `als eines, das hier schon gelesen wurde (Folge ${seen})`;
    return { problem: `${INDEX_NAME} in ${where} ist älter (Folge ${index.sequence}) ${read}` };
  }
  await recordSeen(project, index.sequence);
  return { index };
}

/** The index this project wrote last, from its own record; undefined when it has none. */
export const writtenIndex = async (project: string) =>
  parseIndex(await readState(project, WRITTEN), UNCHECKED);

/** The text of the index this project wrote last, as written. */
export const writtenIndexText = (project: string) => readState(project, WRITTEN);

/** The archive this project wrote last and its SHA-256, in the state folder. */
const ARCHIVE_WRITTEN = 'archive-written.json';
export type WrittenArchive = { archive: string; sha256: string };

export const recordArchive = (project: string, written: WrittenArchive) =>
  writeState(project, ARCHIVE_WRITTEN, `${JSON.stringify(written)}\n`);

export const writtenArchive = async (project: string) =>
  parseJson<WrittenArchive>(await readState(project, ARCHIVE_WRITTEN));

/** The index in `folder` when it is the one this project wrote last; else why not. */
export async function indexAsWritten(
  folder: string,
  project: string,
  where = folder,
): Promise<{ index?: ArchiveIndex; problem?: string }> {
  const text = await readFile(join(folder, INDEX_NAME), 'utf8').catch(() => undefined);
  const written = await readState(project, WRITTEN);
  const index = text === written ? parseIndex(text, UNCHECKED) : undefined;
  if (index) return { index };
  const which = written ? 'nicht das, das make backup zuletzt schrieb' : 'hier nie geschrieben';
  return { problem: `${INDEX_NAME} in ${where} fehlt oder ist ${which}` };
}

/** The index of `names` (the newest MAX_KEPT_ARCHIVES) in BACKUP_DIR, above every sequence seen. */
export async function writeIndex(
  backupDir: string,
  names: Set<string>,
  { signingKey, project, archive }: { signingKey?: string; project: string; archive: string },
): Promise<void> {
  const archives = ourArchives([...names]).slice(-MAX_KEPT_ARCHIVES);
  const path = join(backupDir, INDEX_NAME);
  // Only a sequence that verifies counts: a planted one could not push ours out of range.
  const before = await readIndex(backupDir, signingKey ? publicKeyOf(signingKey) : undefined);
  const sequence = Math.max(await seenSequence(project), before?.sequence ?? 0) + 1;
  const signature = signingKey ? signBytes(signed(archives, sequence), signingKey) : undefined;
  const index: IndexFile = { format: FORMAT, sequence, archives, ...(signature && { signature }) };
  const text = `${JSON.stringify(index, null, 1)}\n`;
  try {
    // The record first: an index in place is never one this project does not know.
    await writeState(project, WRITTEN, text);
    await replaceFileDurably(path, text);
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
}
