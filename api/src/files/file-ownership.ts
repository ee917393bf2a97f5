// The owner's tools (backup, make password) run as root in their containers
// (docker-compose.backup.yml, docker-compose.tools.yml) and as the owner
// natively. What they write as root must end up with the right owner: an
// archive, key file or .env with whoever owns it or its folder (the owner),
// a restored file with the owner it had (the API's user must be able to
// write its stores). Natively every chown is skipped: the owner already
// owns what they write.
import { chmod, chown, lchown, readdir, stat } from 'node:fs/promises';

export interface Owner {
  /** Permission bits only. */
  mode: number;
  uid: number;
  gid: number;
}

const asRoot = () => process.getuid?.() === 0;

/** As root: `path` (or, with `link`, the link itself) to uid and gid. */
export async function ownAs(
  path: string,
  { uid, gid }: Pick<Owner, 'uid' | 'gid'>,
  link = false,
): Promise<void> {
  if (asRoot()) await (link ? lchown : chown)(path, uid, gid);
}

/** A folder's or file's mode, and as root its owner, as recorded. */
export async function giveBack(path: string, owner: Owner): Promise<void> {
  await chmod(path, owner.mode);
  await ownAs(path, owner);
}

/**
 * As root, a new file or folder goes to whoever owns `folder`, unless that
 * is root too; one that is theirs already stays untouched (no CHOWN needed).
 */
export async function handToOwnerOf(path: string, folder: string): Promise<void> {
  if (!asRoot()) return;
  const { uid, gid } = await stat(folder);
  const now = await stat(path);
  if ((uid !== 0 || gid !== 0) && (now.uid !== uid || now.gid !== gid)) await chown(path, uid, gid);
}

/**
 * Compose makes a missing BACKUP_DIR on the host as root; such a new, empty
 * folder goes to the project's owner, who copies the archives off.
 */
export async function adoptBackupDir(backupDir: string, project: string): Promise<void> {
  if (!asRoot()) return;
  const folder = await stat(backupDir).catch(() => undefined);
  if (!folder || folder.uid !== 0 || (await readdir(backupDir)).length > 0) return;
  // Owner-only, like every archive in it; set while root still owns it.
  await chmod(backupDir, 0o700);
  await handToOwnerOf(backupDir, project);
}
