// What a reader of a PDF gets from it, by poppler's own tools (poppler-utils):
// the text of each page as pdftotext extracts it, and pdfinfo's fields.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch';

function saved(bytes: Buffer): string {
  const path = join(scratchDir('api-pdf-reader-'), 'read.pdf');
  writeFileSync(path, bytes);
  return path;
}

/** pdfinfo's fields (Pages, Keywords, Page size, …) by name. */
export function pdfInfo(bytes: Buffer): Record<string, string> {
  const text = execFileSync('pdfinfo', [saved(bytes)], { encoding: 'utf8' });
  return Object.fromEntries(
    text.split('\n').flatMap((line) => {
      const match = /^([^:]+):\s*(.*)$/.exec(line);
      return match ? [[match[1], match[2]]] : [];
    }),
  );
}

/** The text of every page, in order, as pdftotext extracts it. */
export function pageTexts(bytes: Buffer): string[] {
  const path = saved(bytes);
  const pages = Number(pdfInfo(bytes).Pages);
  return Array.from({ length: pages }, (_, index) =>
    execFileSync('pdftotext', ['-f', `${index + 1}`, '-l', `${index + 1}`, path, '-'], {
      encoding: 'utf8',
    }),
  );
}
