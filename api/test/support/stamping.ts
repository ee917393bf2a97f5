// PDFs stamped as the stamping child stamps them (line-font.ts, pdf-stamp.ts),
// and the corpus of real PDFs the stamp's tests use (fixtures/pdf-corpus).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { lineFont } from '../../src/stamp/line-font';
import { stampPdf } from '../../src/stamp/pdf-stamp';

export const LINK_ID = 'link-id-0001';

/** A PDF of the corpus, by its name without `.pdf`. */
export const corpusPdf = (name: string) =>
  readFile(join(__dirname, '..', 'fixtures', 'pdf-corpus', `${name}.pdf`));

/** Stamping with `line`: the outcome for a source, and the bytes of one that must be stamped. */
export function stamping(line: string) {
  let font: Promise<Buffer> | undefined;
  const outcome = async (source: Buffer) =>
    stampPdf(source, line, LINK_ID, await (font ??= lineFont(line)));
  const stamped = async (source: Buffer): Promise<Buffer> => {
    const result = await outcome(source);
    if (!('bytes' in result)) throw new Error(`not stamped: ${result.unstampable}`);
    return Buffer.from(result.bytes);
  };
  return { outcome, stamped };
}
