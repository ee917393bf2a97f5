import { fork } from 'node:child_process';
import { join } from 'node:path';
import { AvailableFile } from './documents.types';
import type { ZipAnswer, ZipJob } from './zip-writer.child';

export const ZIP_FILENAME = 'documents.zip';

// archiver and its dependencies stay loaded for the life of a process that
// once required them (about 4 MB of a Pi's memory at rest, for an archive
// built once per state of the documents): a short-lived process builds it
// and gives all of that back when it ends.
const CHILD = join(__dirname, `zip-writer.child${__filename.slice(-3)}`);
// Run from the TypeScript sources (the tests), the child needs tsx too.
const CHILD_ARGS = CHILD.endsWith('.ts') ? ['--import', 'tsx'] : [];

/** An error as the child saw it: message and, for a file error, its code. */
function childError(answer: Extract<ZipAnswer, { done: false }>): NodeJS.ErrnoException {
  return Object.assign(new Error(answer.error), answer.code ? { code: answer.code } : {});
}

/**
 * Writes the zip (one folder per group) to `target` in a process of its
 * own. Rejects, with every file closed, when a document cannot be read.
 */
export function writeDocumentsZip(files: AvailableFile[], target: string): Promise<void> {
  const job: ZipJob = {
    entries: files.map((file) => ({ source: file.path, name: file.entry })),
    target,
  };
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, {
      execArgv: CHILD_ARGS,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let answered: ZipAnswer | undefined;
    child.once('message', (answer: ZipAnswer) => (answered = answer));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answered?.done) resolve();
      else if (answered) reject(childError(answered));
      else reject(new Error(`the ZIP writer ended without an answer (${signal ?? code})`));
    });
    child.send(job);
  });
}
