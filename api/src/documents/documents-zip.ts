import { ReadStream, createReadStream, createWriteStream } from 'node:fs';
import type archiverModule from 'archiver';
import { AvailableFile } from './documents.types';

export const ZIP_FILENAME = 'documents.zip';

/**
 * Writes the zip (one folder per group) to `target`. Entries are stored, not
 * deflated (PDFs are compressed already), and added one after another, so at
 * most one file is open at a time and nothing is held in memory. Rejects,
 * with every file closed, when a document cannot be read.
 */
export async function writeDocumentsZip(files: AvailableFile[], target: string): Promise<void> {
  // Loaded on the first ZIP, not at start: keeps the idle API ~5 MB smaller.
  const archiver: typeof archiverModule = (await import('archiver')).default;
  const archive = archiver('zip', { store: true });
  const output = createWriteStream(target, { flags: 'wx' });
  let current: ReadStream | undefined;
  let next = 0;

  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      archive.abort();
      current?.destroy();
      output.destroy();
      reject(error);
    };
    const appendNext = () => {
      const file = files[next++];
      if (!file) {
        archive.finalize().catch(fail);
        return;
      }
      current = createReadStream(file.path).on('error', fail);
      archive.append(current, { name: `${file.section}/${file.filename}` });
    };
    archive.on('entry', appendNext);
    archive.on('error', fail);
    output.on('error', fail);
    output.on('finish', resolve);
    archive.pipe(output);
    appendNext();
  });
}
