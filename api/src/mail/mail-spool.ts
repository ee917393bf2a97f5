import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes one raw message as an .eml file and returns its path. */
export async function spoolMail(directory: string, message: Buffer): Promise<string> {
  await mkdir(directory, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const path = join(directory, `${stamp}-${randomUUID()}.eml`);
  await writeFile(path, message, { flag: 'wx' });
  return path;
}
