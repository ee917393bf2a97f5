// The process stamp-writer.ts starts: stamps the files it is sent, one at a
// time, each answered, until the API lets it go (disconnect).
import { readFile, writeFile } from 'node:fs/promises';
import { lineFont } from './line-font';
import { stampPdf } from './pdf-stamp';
import type { StampAnswer, StampFile } from './stamp-writer';

/** The fonts of the lines stamped lately: links take turns, each with its own line. */
const fonts = new Map<string, Promise<Buffer>>();
const FONTS_KEPT = 8;

function fontFor(line: string): Promise<Buffer> {
  let font = fonts.get(line);
  if (!font) {
    if (fonts.size >= FONTS_KEPT) fonts.clear();
    font = lineFont(line);
    fonts.set(line, font);
  }
  return font;
}

async function stamp({ line, linkId, source, target }: StampFile): Promise<StampAnswer> {
  const result = await stampPdf(await readFile(source), line, linkId, await fontFor(line));
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
