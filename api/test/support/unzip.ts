import { Entry, fromBuffer } from 'yauzl';

export interface UnzippedEntry {
  name: string;
  compressionMethod: number;
  bytes: Buffer;
}

/** Reads every entry of a zip held in memory (test side only). */
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
            const { fileName: name, compressionMethod } = entry;
            entries.push({ name, compressionMethod, bytes: Buffer.concat(chunks) });
            zipfile.readEntry();
          });
        });
      });
      zipfile.readEntry();
    });
  });
}
