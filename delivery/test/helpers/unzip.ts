// Reads a documents.zip as a visitor's unzip tool would, so the tests compare
// the files inside with the originals.
import { type Entry, fromBuffer } from 'yauzl';

export interface UnzippedEntry {
  name: string;
  bytes: Buffer;
}

/** Every entry of a zip held in memory, in archive order. */
export function unzip(zip: Buffer): Promise<UnzippedEntry[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(zip, { lazyEntries: true }, (openError, zipfile) => {
      if (openError) return reject(openError);
      const entries: UnzippedEntry[] = [];
      zipfile.on('error', reject);
      zipfile.on('end', () => resolve(entries));
      zipfile.on('entry', (entry: Entry) => {
        zipfile.openReadStream(entry, (readError, stream) => {
          if (readError) return reject(readError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, bytes: Buffer.concat(chunks) });
            zipfile.readEntry();
          });
        });
      });
      zipfile.readEntry();
    });
  });
}
