// Replaces a whole file so that a crash or power loss leaves either the old
// content or the new one, never a mix: write a temporary file beside it,
// flush it, rename it over the old one, flush the folder (the rename).
// The same steps as the mail outbox (api/src/mail/outbox/outbox-store.ts).
import { randomUUID } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export async function replaceFileDurably(path: string, content: string): Promise<void> {
  const folder = dirname(path);
  const temporary = join(folder, `.${basename(path)}.${randomUUID()}.tmp`);
  try {
    const file = await open(temporary, 'wx', 0o600);
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
  const dir = await open(folder, 'r');
  await dir.sync().finally(() => dir.close());
}
