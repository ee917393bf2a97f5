// What a reader finds in a PDF, by poppler's pdftotext (poppler-utils): the
// text of each page, as the browser and delivery suites check a company's
// stamped copies.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The text of every page, in order (pages split by pdftotext's form feed). */
export async function pdfPageTexts(bytes: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portfolio-pdf-text-'));
  try {
    const file = path.join(dir, 'read.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', [file, '-']);
    // Each page ends with a form feed; the last one leaves an empty tail.
    return stdout.split('\f').slice(0, -1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The line a company's stamped copy carries on every page (docs/product.md#the-stamp). */
export const stampLinePattern = (company: string) =>
  new RegExp(
    `${company.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} · Bewerbung / application · \\d\\d\\.\\d\\d\\.\\d{4}`,
  );
