// Replaces a whole file so that a crash or power loss leaves either the old
// content or the new one, never a mix: write a temporary file, flush it,
// rename it over the old one, flush the folder (the rename). Used by the
// access store and log and by the mail outbox; the backup archive uses its
// flush, syncToDisk(), for the same sequence around its own stream.
import { randomUUID } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface DurableWriteOptions {
  /** Where the content is written first: by default a hidden file beside `path`. */
  temporary?: string;
  /** The new file's permissions (before the umask); owner only unless said otherwise. */
  mode?: number;
}

export async function replaceFileDurably(
  path: string,
  content: string,
  {
    temporary = join(dirname(path), `.${basename(path)}.${randomUUID()}.tmp`),
    mode = 0o600,
  }: DurableWriteOptions = {},
): Promise<void> {
  try {
    const file = await open(temporary, 'wx', mode);
    try {
      await file.writeFile(content);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await syncToDisk(dirname(path));
}

/** Flushes a file, or a folder (the renames in it), to disk. */
export async function syncToDisk(path: string): Promise<void> {
  const handle = await open(path, 'r');
  await handle.sync().finally(() => handle.close());
}
