// What the backup tool remembers between runs (the index's sequence, the
// last drill, the heartbeat, a restore's folders): one record a file, in a
// folder the containers with network get alone.
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFileDurably } from '../files/durable-file';
import { handToOwnerOf } from '../files/file-ownership';

export const STATE_DIR = '.portfolio-backup.state';

/** The record `name`'s text, or undefined when there is none. */
export const readState = (project: string, name: string) =>
  readFile(join(project, STATE_DIR, name), 'utf8').catch(() => undefined);

/** Removes the record `name`, if there is one. */
export const forgetState = (project: string, name: string) =>
  rm(join(project, STATE_DIR, name), { force: true });

/** Replaces the record `name`, its folder and itself handed to the project's owner. */
export async function writeState(project: string, name: string, text: string): Promise<void> {
  const folder = join(project, STATE_DIR);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await handToOwnerOf(folder, project);
  await replaceFileDurably(join(folder, name), text);
  await handToOwnerOf(join(folder, name), project);
}
