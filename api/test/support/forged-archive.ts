// Archives made to look sound: a real backup unpacked, changed entry by
// entry or in its manifest, and packed again into a valid gzip, so neither
// gzip's nor tar's own checks catch the change and the tool's must.
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack, type Header } from 'tar-stream';

export interface TarItem {
  header: Partial<Header> & Pick<Header, 'name'>;
  body: Buffer;
}

export async function unpackArchive(file: string): Promise<TarItem[]> {
  const items: TarItem[] = [];
  const parser = extract();
  const reading = pipeline(createReadStream(file), createGunzip(), parser as never);
  for await (const entry of parser) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry as unknown as Readable) chunks.push(chunk as Buffer);
    items.push({ header: { ...entry.header }, body: Buffer.concat(chunks) });
  }
  await reading;
  return items;
}

export async function packArchive(items: TarItem[], file: string): Promise<void> {
  const archive = pack();
  const writing = pipeline(archive as never, createGzip(), createWriteStream(file));
  for (const { header, body } of items)
    await new Promise<void>((resolve, reject) =>
      archive.entry({ ...header, size: body.length }, body, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  archive.finalize();
  await writing;
}
