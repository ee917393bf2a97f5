// The process stamp-writer.ts starts: stamps the files it is sent, one at a
// time, each answered, until the API lets it go (disconnect).
import { readFile, writeFile } from 'node:fs/promises';
import { lineFont } from './line-font';
import { stampPdf } from './pdf-stamp';
import { READY, SOURCE_GONE, type StampAnswer, type StampFile } from './stamp-writer';

/** The fonts of the lines stamped lately: links take turns, each with its own line. */
const fonts = new Map<string, Promise<Buffer>>();
const FONTS_KEPT = 8;

function fontFor(line: string): Promise<Buffer> {
  let font = fonts.get(line);
  if (!font) {
    if (fonts.size >= FONTS_KEPT) fonts.clear();
    // A cut that failed is tried again with the next file, not kept.
    font = lineFont(line).catch((error: unknown) => {
      fonts.delete(line);
      throw error;
    });
    fonts.set(line, font);
  }
  return font;
}

/** A source that is gone (replaced or removed while it waited) is no fault of the stamp. */
async function read(source: string): Promise<Buffer> {
  return readFile(source).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') error.code = SOURCE_GONE;
    throw error;
  });
}

async function stamp({ line, linkId, source, target }: StampFile): Promise<StampAnswer> {
  const result = await stampPdf(await read(source), line, linkId, await fontFor(line));
  if ('unstampable' in result) return { outcome: result };
  await writeFile(target, result.bytes, { flag: 'wx' });
  return { outcome: { written: result.bytes.byteLength } };
}

process.on('message', (file: StampFile) => {
  stamp(file).then(
    (answer) => process.send?.(answer),
    (error: NodeJS.ErrnoException) => process.send?.({ error: error.message, code: error.code }),
  );
});
process.once('disconnect', () => process.exit(0));
// Loaded: the API starts a file's time limit from here.
process.send?.(READY);
