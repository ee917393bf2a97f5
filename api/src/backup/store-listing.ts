// What of a store's folder a backup holds, in one place for the size check
// and the archive itself.
import { readdir } from 'node:fs/promises';
import { sep } from 'node:path';

/** replaceFileDurably()'s temporary files, and the folders of a restore under way. */
const TEMPORARY = /^\..+\.tmp$/;

/**
 * Every folder, file and link below a store's folder, parents first (sockets
 * and such are skipped later). Left out: hidden temporary files and folders,
 * and what is inside the store's `leaveOut` folder.
 */
export async function listStore(root: string, leaveOut: string | undefined): Promise<string[]> {
  const names = await readdir(root, { recursive: true });
  return names
    .filter((name) => leaveOut === undefined || !name.startsWith(leaveOut + sep))
    .filter((name) => !name.split(sep).some((part) => TEMPORARY.test(part)))
    .map((name) => name.split(sep).join('/'))
    .sort();
}
