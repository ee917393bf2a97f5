// The process documents-zip.ts starts for one documents.zip: it gets the
// entries and the target over IPC, writes the zip, answers once and ends.
// A parent that dies takes it along (its IPC channel closes).
import { writeZip, type ZipEntry } from './zip-writer';

export interface ZipJob {
  entries: ZipEntry[];
  target: string;
}

export type ZipAnswer = { done: true } | { done: false; error: string; code?: string };

function answer(message: ZipAnswer) {
  process.send?.(message, () => process.disconnect());
}

process.once('message', (job: ZipJob) => {
  writeZip(job.entries, job.target).then(
    () => answer({ done: true }),
    (error: NodeJS.ErrnoException) =>
      answer({ done: false, error: error.message, code: error.code }),
  );
});
process.once('disconnect', () => process.exit(0));
