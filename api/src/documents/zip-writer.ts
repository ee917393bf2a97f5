// The archiver work of documents.zip, run in a process of its own
// (zip-writer.child.ts): see documents-zip.ts for why.
import { ReadStream, createReadStream, createWriteStream } from 'node:fs';
import archiver from 'archiver';

/** One file of the zip: where it is read from and its name inside. */
export interface ZipEntry {
  source: string;
  name: string;
}

/**
 * Writes the zip to `target`. Entries are stored, not deflated (PDFs are
 * compressed already), and added one after another, so at most one file is
 * open at a time and nothing is held in memory. Rejects, with every file
 * closed, when a document cannot be read.
 */
export function writeZip(entries: ZipEntry[], target: string): Promise<void> {
  const archive = archiver('zip', { store: true });
  const output = createWriteStream(target, { flags: 'wx' });
  let current: ReadStream | undefined;
  let next = 0;

  return new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      archive.abort();
      current?.destroy();
      output.destroy();
      reject(error);
    };
    const appendNext = () => {
      const entry = entries[next++];
      if (!entry) {
        archive.finalize().catch(fail);
        return;
      }
      current = createReadStream(entry.source).on('error', fail);
      archive.append(current, { name: entry.name });
    };
    archive.on('entry', appendNext);
    archive.on('error', fail);
    output.on('error', fail);
    output.on('finish', resolve);
    archive.pipe(output);
    appendNext();
  });
}
