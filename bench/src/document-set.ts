// A generated documents folder for the bench, with its own manifest, so the
// owner's documents/ is never touched. Random bytes: as incompressible as the
// PDFs they stand in for.
import { randomFillSync } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const MB = 1024 * 1024;
const SECTIONS = ['Bewerbung', 'BWD IMS', 'GIBB', 'Überbetriebliche Kurse'];

export interface DocumentSet {
  dir: string;
  totalBytes: number;
  /** A 2 MB file, for single-download throughput. */
  largeFile: string;
  /** A small file, for the mixed request load. */
  smallFile: string;
}

async function writeRandomFile(path: string, bytes: number): Promise<void> {
  await writeFile(path, randomFillSync(Buffer.alloc(bytes)));
}

/** 100 files of 2 MB in four groups (200 MB), plus one 20 KB file. */
export async function makeDocumentSet(dir: string): Promise<DocumentSet> {
  await mkdir(dir, { recursive: true });
  const manifest = SECTIONS.map((section) => ({ section, files: [] as object[] }));
  for (let index = 1; index <= 100; index += 1) {
    const filename = `bench-${String(index).padStart(3, '0')}.pdf`;
    await writeRandomFile(join(dir, filename), 2 * MB);
    manifest[index % SECTIONS.length].files.push({ name: `Dokument ${index}`, filename });
  }
  const smallFile = 'bench-small.pdf';
  await writeRandomFile(join(dir, smallFile), 20 * 1024);
  manifest[0].files.push({ name: 'Kleines Dokument', filename: smallFile });
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return { dir, totalBytes: 200 * MB + 20 * 1024, largeFile: 'bench-001.pdf', smallFile };
}
