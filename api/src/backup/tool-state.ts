// What the backup tool remembers between runs, in one folder of the project
// (docs/backup.md, "Eins nach dem anderen"): which archive the drill read
// when, and the highest index sequence seen. A folder of its own, so that the
// drill's and the off-site step's containers, which have network, get it
// without the project folder, its .env and its documents.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { handToOwnerOf } from '../common/file-owner';

export const STATE_DIR = '.portfolio-backup.state';

/** The path of the record `name`, its folder made (and handed to the project's owner) first. */
export async function statePath(project: string, name: string): Promise<string> {
  const folder = join(project, STATE_DIR);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await handToOwnerOf(folder, project);
  return join(folder, name);
}
