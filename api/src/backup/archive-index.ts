// Which archives the site made (docs/backup.md, "Wie viele Archive bleiben").
// BACKUP_KEEP counts, and pruning deletes, only archives named here, never a
// name that merely looks like one: planted on the remote, such names would
// otherwise push the site's own copies out. The index lies in BACKUP_DIR and
// beside the copies at the remote, signed with BACKUP_SIGNING_KEY. A copy
// counts only when its signature verifies with the site's key; without a key
// only the one in BACKUP_DIR counts, the Pi's own file. Where none counts
// yet (the first backup of this kind), the archives in BACKUP_DIR are the
// site's own: only the Pi writes there.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../common/durable-file';
import { handToOwnerOf } from '../common/file-owner';
import { signBytes, verifies, type Signature } from './archive-signature';
import { ourArchives } from './retention';

export const INDEX_NAME = 'portfolio-backup-index.json';
const FORMAT = 'portfolio-backup-index';
/** Far more than any BACKUP_KEEP: a name older than these has long been pruned. */
const MAX_NAMES = 1000;

interface IndexFile {
  format: typeof FORMAT;
  archives: string[];
  signature?: Signature;
}

const signed = (archives: string[]) => Buffer.from(JSON.stringify(archives));

/**
 * The names an index file holds, if it is one and counts: its signature
 * verifies with `publicKey`, or (`unsigned` allowed) it has none.
 */
export async function readIndex(
  folder: string,
  publicKey: string | undefined,
): Promise<Set<string> | undefined> {
  const text = await readFile(join(folder, INDEX_NAME), 'utf8').catch(() => undefined);
  let index: Partial<IndexFile> | undefined;
  try {
    index = text === undefined ? undefined : (JSON.parse(text) as Partial<IndexFile>);
  } catch {
    return undefined;
  }
  const { archives, signature } = index ?? {};
  if (index?.format !== FORMAT || !Array.isArray(archives)) return undefined;
  if (ourArchives(archives).length !== archives.length) return undefined;
  const counts = publicKey
    ? signature !== undefined && verifies(signed(archives), signature, publicKey)
    : signature === undefined;
  return counts ? new Set(archives) : undefined;
}

/** The site's archives as BACKUP_DIR knows them: its index, else what lies there. */
export async function knownArchives(
  backupDir: string,
  publicKey: string | undefined,
  present: string[],
): Promise<Set<string>> {
  return (await readIndex(backupDir, publicKey)) ?? new Set(ourArchives(present));
}

/** Writes the index of `names` (the newest MAX_NAMES) into BACKUP_DIR, signed when a key is set. */
export async function writeIndex(
  backupDir: string,
  names: Set<string>,
  signingKey: string | undefined,
): Promise<void> {
  const archives = ourArchives([...names]).slice(-MAX_NAMES);
  const signature = signingKey ? signBytes(signed(archives), signingKey) : undefined;
  const index: IndexFile = { format: FORMAT, archives, ...(signature && { signature }) };
  const path = join(backupDir, INDEX_NAME);
  await replaceFileDurably(path, `${JSON.stringify(index, null, 1)}\n`);
  await handToOwnerOf(path, backupDir);
}
