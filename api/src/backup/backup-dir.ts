// Where the archives go belongs to the owner, who copies them off. In Docker
// compose makes a missing BACKUP_DIR on the host, as root; the tool, root in
// its container, hands such a new, empty folder to the project's owner.
import { chmod, chown, readdir, stat } from 'node:fs/promises';

export async function adoptBackupDir(backupDir: string, project: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const folder = await stat(backupDir).catch(() => undefined);
  const owner = await stat(project);
  if (!folder || folder.uid !== 0 || owner.uid === 0) return;
  if ((await readdir(backupDir)).length > 0) return;
  // Owner-only, like every archive in it; set while root still owns it.
  await chmod(backupDir, 0o700);
  await chown(backupDir, owner.uid, owner.gid);
}
