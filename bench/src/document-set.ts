// A generated documents folder for the bench, with its own manifest, so the
// owner's documents/ is never touched. Real PDFs of random pixels: as
// incompressible as the scans they stand in for, and stampable for a link.
import { stat, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scannedPdf } from './pdf-document.ts';

const MB = 1024 * 1024;
const SECTIONS = ['Bewerbung', 'BWD IMS', 'GIBB', 'Überbetriebliche Kurse'];

export interface DocumentSet {
  dir: string;
  totalBytes: number;
  pdfCount: number;
  /** A 2 MB file, for single-download throughput. */
  largeFile: string;
  /** A small file, for the mixed request load. */
  smallFile: string;
  /** A 5 MB PDF, for a company's stamped copy. */
  stampedFile: string;
}

/** 100 PDFs of 2 MB in four groups (200 MB), one of 5 MB and one of 20 KB. */
export async function makeDocumentSet(dir: string): Promise<DocumentSet> {
  await mkdir(dir, { recursive: true });
  const manifest = SECTIONS.map((section) => ({ section, files: [] as object[] }));
  const add = async (group: number, name: string, filename: string, bytes: number) => {
    const path = join(dir, filename);
    await writeFile(path, await scannedPdf(bytes, name));
    manifest[group].files.push({ name, filename });
    return (await stat(path)).size;
  };
  let totalBytes = 0;
  for (let index = 1; index <= 100; index += 1) {
    const filename = `bench-${String(index).padStart(3, '0')}.pdf`;
    totalBytes += await add(index % SECTIONS.length, `Dokument ${index}`, filename, 2 * MB);
  }
  const smallFile = 'bench-small.pdf';
  totalBytes += await add(0, 'Kleines Dokument', smallFile, 20 * 1024);
  const stampedFile = 'bench-dossier.pdf';
  totalBytes += await add(0, 'Dossier', stampedFile, 5 * MB);
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return { dir, totalBytes, pdfCount: 102, largeFile: 'bench-001.pdf', smallFile, stampedFile };
}
