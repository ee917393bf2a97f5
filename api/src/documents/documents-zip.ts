import { childModule, runChildJob } from '../common/child-job';
import { AvailableFile } from './documents.types';
import type { ZipJob } from './zip-writer.child';

export const ZIP_FILENAME = 'documents.zip';

// archiver and its dependencies stay loaded for the life of a process that
// once required them (about 4 MB of a Pi's memory at rest, for an archive
// built once per state of the documents): a short-lived process builds it
// and gives all of that back when it ends.
const CHILD = childModule(__dirname, __filename, 'zip-writer.child');

/** An entry of the zip: the file's bytes, or those of the copy made for the holder. */
export type ZipFile = Pick<AvailableFile, 'path' | 'entry'>;

/**
 * Writes the zip (one folder per group) to `target` in a process of its
 * own. Rejects, with every file closed, when a document cannot be read.
 */
export async function writeDocumentsZip(files: ZipFile[], target: string): Promise<void> {
  const job: ZipJob = {
    entries: files.map((file) => ({ source: file.path, name: file.entry })),
    target,
  };
  await runChildJob<ZipJob, boolean>(CHILD, job);
}
