// What of a store's folder a backup holds, for the size check and the archive
// alike (docs/backup.md, "Was im Archiv ist"). A link is listed, never entered
// (a link to / would walk the machine); names are read as bytes, so one that is
// not UTF-8 is left out and named (it would come back as another name), never
// read as another name.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * replaceFileDurably()'s temporary files, the folders of a restore under way, and the lock
 * folders of the JSON stores (common/json-store.ts), which a restore must not bring back held.
 */
const TEMPORARY = /^\..+\.tmp$|\.json\.lock$/;

// ignoreBOM: a name that starts with U+FEFF keeps it, or it would read as another name.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** A name's bytes as the owner can find them: printable ASCII as is, the rest as \xNN. */
const escaped = (bytes: Buffer) =>
  [...bytes]
    .map((byte) =>
      byte >= 0x20 && byte < 0x7f
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** The name, or undefined for one that is not UTF-8, added to `skipped` as the owner finds it. */
function nameOf(bytes: Buffer, folder: string, skipped: Set<string>): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    skipped.add(join(folder, escaped(bytes)));
    return undefined;
  }
}

/**
 * Every entry below `root`, parents first, with "/"; no hidden .tmp, nothing inside `leaveOut`;
 * a name that is not UTF-8 (and what is below it) goes into `skipped` instead.
 */
export async function listStore(
  root: string,
  leaveOut: string | undefined,
  skipped = new Set<string>(),
): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    const folder = join(root, relative);
    const entries = await readdir(folder, { withFileTypes: true, encoding: 'buffer' });
    for (const entry of entries) {
      const name = nameOf(entry.name, folder, skipped);
      if (name === undefined || TEMPORARY.test(name)) continue;
      const path = relative ? `${relative}/${name}` : name;
      found.push(path);
      // A Dirent describes the entry itself: a link to a folder is no folder here.
      if (entry.isDirectory() && path !== leaveOut) await walk(path);
    }
  };
  await walk('');
  return found.sort();
}
