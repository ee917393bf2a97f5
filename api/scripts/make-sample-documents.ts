// Writes one small, valid sample PDF per manifest entry, showing the entry's
// own title, for every file that is missing: `npx tsx api/scripts/make-sample-documents.ts`.
// Owners replace these files with their real documents.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DOCUMENTS_DIR } from '../src/config/paths';
import { DocumentGroup, loadManifest } from '../src/documents/manifest';

const escapeText = (text: string) => text.replace(/[\\()]/g, (character) => `\\${character}`);

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + word.length < width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

function textBlock(lines: string[], size: number, top: number): string {
  const shown = lines.map(
    (line, index) => `${index ? `0 -${size + 8} Td ` : ''}(${escapeText(line)}) Tj`,
  );
  return ['BT', `/F1 ${size} Tf`, `72 ${top} Td`, ...shown, 'ET'].join('\n');
}

// A one-page PDF with Helvetica in WinAnsiEncoding, which covers the umlauts (latin1 bytes).
function samplePdf(section: string, title: string): Buffer {
  const content = [
    textBlock([section], 14, 770),
    textBlock(wrap(title, 38), 22, 730),
    textBlock(['Beispieldokument: durch das echte Dokument ersetzen.'], 11, 600),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${escapeText(title)}) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((object, index) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries.join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function main(): Promise<void> {
  const groups: DocumentGroup[] = await loadManifest(DEFAULT_DOCUMENTS_DIR);
  for (const group of groups) {
    for (const file of group.files) {
      const path = join(DEFAULT_DOCUMENTS_DIR, file.filename);
      if (existsSync(path)) continue;
      writeFileSync(path, samplePdf(group.section, file.name));
      process.stdout.write(`${path}\n`);
    }
  }
}

void main();
